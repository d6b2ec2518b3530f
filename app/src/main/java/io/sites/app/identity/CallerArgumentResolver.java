package io.sites.app.identity;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Lets a controller method take the calling account as an {@link AccountId} parameter, or as an {@link Actor}
 * (the account with the door it came through) where it causes events.
 */
@Configuration(proxyBeanMethods = false)
class CallerArgumentResolver implements HandlerMethodArgumentResolver, WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == AccountId.class || parameter.getParameterType() == Actor.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer container,
            NativeWebRequest request, WebDataBinderFactory binders) {
        return (parameter.getParameterType() == Actor.class ? Callers.currentActor() : Callers.current())
                .orElseThrow(() -> new IllegalStateException("No authenticated caller on a route that requires one"));
    }
}
