package io.sites.app.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;

/** The API's security chains: bearer tokens on /v1 and /mcp, everything else public (the web app has its own). */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    /** The interface: bearer tokens with scope mcp, stateless, every failure in the JSON envelope. */
    @Bean
    @Order(1)
    SecurityFilterChain api(HttpSecurity http, TokenIntrospector introspector, ErrorResponses errors)
            throws Exception {
        BearerChallenge challenge = new BearerChallenge(errors);
        http.securityMatcher("/v1", "/v1/**", "/mcp")
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(HttpMethod.GET, "/v1", "/v1/", "/v1/openapi.json").permitAll()
                        // publishDraft decides itself whether a caller without a token may (SITES_ANONYMOUS_DRAFTS).
                        .requestMatchers(HttpMethod.POST, "/v1/drafts").permitAll()
                        .anyRequest().hasAuthority("SCOPE_" + TokenIntrospector.SCOPE))
                .oauth2ResourceServer(resource -> resource
                        .opaqueToken(opaque -> opaque.introspector(introspector))
                        .authenticationEntryPoint(challenge)
                        .accessDeniedHandler(challenge))
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint(challenge)
                        .accessDeniedHandler(challenge))
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable())
                .anonymous(anonymous -> anonymous.principal("anonymous"));
        return http.build();
    }

    /**
     * No Micrometer observation around each security filter, authentication and authorization: with Actuator on the
     * class path Spring Security wraps every filter of every chain in one, about a millisecond of a publish's request
     * thread in a profile. Each request is still timed whole ({@code http.server.requests}).
     */
    @Bean
    static SecurityObservationSettings securityObservations() {
        return SecurityObservationSettings.noObservations();
    }

    /** Everything else (index documents, metadata, error dispatches) is public; the web app has its own chain. */
    @Bean
    @Order(100)
    SecurityFilterChain publicPaths(HttpSecurity http) throws Exception {
        // PUT /uploads/{secret} is named on purpose: the putUrl is the credential, the spec forbids a token on it.
        http.authorizeHttpRequests(requests -> requests
                        .requestMatchers(HttpMethod.PUT, "/uploads/*").permitAll()
                        .anyRequest().permitAll())
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable());
        return http.build();
    }
}
