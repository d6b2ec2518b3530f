package io.sites.app.webapp;

import io.sites.app.identity.AccountUser;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;

/**
 * The web application under /app: people sign in with a password and get a session cookie (host-only, so site
 * hosts never see it); forms carry CSRF tokens. Bearer tokens are for the interface, not for these pages.
 */
@Configuration(proxyBeanMethods = false)
class WebAppSecurity {
    static final String LOGIN = "/app/login";

    @Bean
    SecurityContextRepository sessionContexts() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    @Order(2)
    SecurityFilterChain webApp(HttpSecurity http, SecurityContextRepository contexts) throws Exception {
        http.securityMatcher("/app", "/app/**")
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(LOGIN, "/app/signup").permitAll()
                        .anyRequest().hasAuthority(AccountUser.ROLE))
                .securityContext(context -> context.securityContextRepository(contexts))
                .formLogin(form -> form.loginPage(LOGIN).defaultSuccessUrl("/app/websites"))
                .logout(logout -> logout.logoutUrl("/app/logout").logoutSuccessUrl(LOGIN + "?signedOut"));
        return http.build();
    }
}
