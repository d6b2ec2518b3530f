package io.sites.app.webapp;

import io.sites.app.SiteUrls;
import io.sites.app.identity.AccountUser;
import io.sites.app.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.security.access.AccessDeniedException;
import io.sites.app.web.ApiProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.session.DisableEncodeUrlFilter;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The web application under /app: people sign in with a password and get a session cookie (host-only, so site
 * hosts never see it); forms carry CSRF tokens. Bearer tokens are for the interface, not for these pages
 * ({@link BearerRefusal}). Sign-in is throttled by {@link SignInThrottle}.
 */
@Configuration(proxyBeanMethods = false)
class WebAppSecurity {
    static final String LOGIN = "/app/login";
    private static final String LOGIN_FAILED = LOGIN + "?error";
    /** The one stylesheet and script of the pages (classpath static/app/assets), public so the sign-in page has them. */
    static final String ASSETS = "/app/assets/**";

    /**
     * Scripts and styles only from the app's own files (no inline code, no other host), images also from the sites
     * (the dashboard's previews), nothing framed, nothing fetched elsewhere. No form-action: the consent form's
     * answer redirects to the client's own address, which a form-action list would have to name.
     */
    static String policy(SiteUrls urls) {
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: " + urls.siteSource()
                + "; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";
    }

    @Bean
    SecurityContextRepository sessionContexts() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    @Order(2)
    SecurityFilterChain webApp(HttpSecurity http, SecurityContextRepository contexts, ErrorResponses errors,
            SignInThrottle throttle, ApiProperties properties, SiteUrls urls) throws Exception {
        long maxUpload = properties.limits().requestBytes();
        SavedRequestAwareAuthenticationSuccessHandler landing = new SavedRequestAwareAuthenticationSuccessHandler();
        landing.setDefaultTargetUrl("/app/websites");
        http.securityMatcher("/app", "/app/**")
                .addFilterBefore(new BearerRefusal(errors), DisableEncodeUrlFilter.class)
                .addFilterBefore((request, response, chain) -> {
                    // Tomcat would drop an oversized multipart body and the CSRF check would then fail: say why.
                    if (((HttpServletRequest) request).getContentLengthLong() > maxUpload) {
                        page((HttpServletResponse) response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                                "This upload is too large", "A publish from the web application can be at most "
                                        + maxUpload / (1024 * 1024) + " MiB. Publish larger sites through the "
                                        + "interface, with upload slots for the big files.");
                        return;
                    }
                    chain.doFilter(request, response);
                }, CsrfFilter.class)
                .addFilterBefore(new ThrottledSignIn(throttle), UsernamePasswordAuthenticationFilter.class)
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(policy(urls))))
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(LOGIN, "/app/signup", ASSETS).permitAll()
                        .anyRequest().hasAuthority(AccountUser.ROLE))
                .securityContext(context -> context.securityContextRepository(contexts))
                .formLogin(form -> form.loginPage(LOGIN)
                        .successHandler((request, response, authentication) -> {
                            throttle.succeeded(request.getParameter("username"));
                            landing.onAuthenticationSuccess(request, response, authentication);
                        })
                        .failureHandler((request, response, failure) -> {
                            // The same answer for a wrong password, an unknown username and a throttled attempt.
                            throttle.failed(request.getParameter("username"), request.getRemoteAddr());
                            response.sendRedirect(request.getContextPath() + LOGIN_FAILED);
                        }))
                .exceptionHandling(handling -> handling.accessDeniedHandler(WebAppSecurity::formExpired))
                .logout(logout -> logout.logoutUrl("/app/logout").logoutSuccessUrl(LOGIN + "?signedOut"));
        return http.build();
    }

    /**
     * A form without a valid CSRF token (an old tab, an expired session, or a forgery): 403 with a page a person
     * can act on, not the interface's JSON.
     */
    private static void formExpired(HttpServletRequest request, HttpServletResponse response,
            AccessDeniedException denied) throws IOException {
        page(response, HttpServletResponse.SC_FORBIDDEN, "This form has expired", "The page was open too long, "
                + "or you signed out meanwhile. Nothing was changed.");
    }

    /** A bare page for answers given before any controller runs. The texts are ours, never the request's. */
    private static void page(HttpServletResponse response, int status, String title, String text)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().write("""
                <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1"><title>%s · Sites</title>
                <link rel="stylesheet" href="/app/assets/app.css"></head><body><main><div class="card narrow">
                <h1>%s</h1><p>%s</p><p><a href="/app/websites">Go back</a> and try again.</p></div></main>
                </body></html>""".formatted(title, title, text));
    }

    /** Refuses a sign-in attempt before the password is checked while {@link SignInThrottle} says so. */
    private static final class ThrottledSignIn extends OncePerRequestFilter {
        private final SignInThrottle throttle;

        ThrottledSignIn(SignInThrottle throttle) {
            this.throttle = throttle;
        }

        @Override
        protected boolean shouldNotFilter(HttpServletRequest request) {
            return !("POST".equals(request.getMethod()) && LOGIN.equals(request.getServletPath()));
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            if (throttle.refused(request.getParameter("username"), request.getRemoteAddr())) {
                response.sendRedirect(request.getContextPath() + LOGIN_FAILED);
                return;
            }
            chain.doFilter(request, response);
        }
    }
}
