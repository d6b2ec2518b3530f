package io.sites.app.identity.oauth;

import io.sites.api.id.AccountId;
import io.sites.app.SiteUrls;
import io.sites.app.identity.Accounts;
import io.sites.app.identity.AddressThrottle;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import io.sites.app.identity.IdentityProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationValidator;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.client.JdbcRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.token.DelegatingOAuth2TokenGenerator;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.JwtGenerator;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationConverter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

/**
 * The OAuth 2.1 authorization server for MCP clients, beside the resource server in the same application. Its
 * issuer is {base_url}; its endpoints are the library's defaults ({@code /oauth2/authorize}, {@code /oauth2/token},
 * {@code /oauth2/revoke}, {@code /oauth2/register}, {@code /oauth2/jwks}, RFC 8414 metadata at
 * {@code /.well-known/oauth-authorization-server}). A person signs in and consents in the web application under
 * {@code /app}, whose session this chain shares.
 */
@Configuration(proxyBeanMethods = false)
class AuthorizationServerConfiguration {
    static final String CONSENT_PAGE = "/app/oauth/consent";
    static final String LOGIN_PAGE = "/app/login";
    private static final SecureRandom RANDOM = new SecureRandom();

    @Bean
    RegisteredClientRepository registeredClients(JdbcTemplate jdbc) {
        return new JdbcRegisteredClientRepository(jdbc);
    }

    @Bean
    OAuth2AuthorizationService authorizations(JdbcTemplate jdbc, RegisteredClientRepository clients, Clock clock) {
        return new HashedAuthorizations(new JdbcOAuth2AuthorizationService(jdbc, clients), jdbc, clock);
    }

    @Bean
    OAuth2AuthorizationConsentService consents(JdbcTemplate jdbc, RegisteredClientRepository clients) {
        return new LoopbackConsents(new JdbcOAuth2AuthorizationConsentService(jdbc, clients), clients);
    }

    @Bean
    AuthorizationServerSettings authorizationServerSettings(SiteUrls urls) {
        return AuthorizationServerSettings.builder().issuer(urls.api("")).build();
    }

    /** What the resource server accepts: our signature, our issuer, one of our resources, unexpired by our clock. */
    @Bean
    JwtDecoder accessTokenDecoder(SigningKeys keys, SiteUrls urls, ResourceIndicators resources, Clock clock) {
        // Every published key, by the token's key id: tokens signed before a rotation stay valid to their end.
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSource(keys).build();
        JwtTimestampValidator timestamps = new JwtTimestampValidator();
        timestamps.setClock(clock);
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(timestamps,
                new JwtIssuerValidator(urls.api("")),
                new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
                        audience -> audience != null && audience.stream().anyMatch(resources.accepted()::contains))));
        return decoder;
    }

    /**
     * Access tokens are JWTs whose subject is the account id, whose audience is the resource consented to, with
     * scope mcp; refresh tokens are 256 random bits, issued to public clients too and replaced at every use.
     */
    @Bean
    OAuth2TokenGenerator<?> tokenGenerator(SigningKeys keys, ResourceIndicators resources,
            Accounts accounts, Clock clock) {
        JwtGenerator jwts = new JwtGenerator(new NimbusJwtEncoder(keys));
        jwts.setClock(clock);
        jwts.setJwtCustomizer(accessTokenClaims(keys, resources, accounts));
        OAuth2TokenGenerator<OAuth2RefreshToken> refreshTokens = context -> {
            if (!OAuth2TokenType.REFRESH_TOKEN.equals(context.getTokenType())) {
                return null;
            }
            byte[] secret = new byte[32];
            RANDOM.nextBytes(secret);
            Instant now = clock.instant();
            return new OAuth2RefreshToken(Base64.getUrlEncoder().withoutPadding().encodeToString(secret), now,
                    now.plus(context.getRegisteredClient().getTokenSettings().getRefreshTokenTimeToLive()));
        };
        return new DelegatingOAuth2TokenGenerator(jwts, refreshTokens);
    }

    private static OAuth2TokenCustomizer<JwtEncodingContext> accessTokenClaims(SigningKeys keys,
            ResourceIndicators resources, Accounts accounts) {
        return context -> {
            if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
                return;
            }
            // Several keys are published around a rotation: the header names the one that signs.
            context.getJwsHeader().keyId(keys.signingKeyId());
            AccountId account = accounts.byUsername(context.getPrincipal().getName())
                    .orElseThrow(() -> new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_GRANT));
            context.getClaims()
                    .subject(account.value())
                    // a mutable list: the claims are stored with the authorization, whose JSON allows only
                    // the usual collection types
                    .audience(new ArrayList<>(List.of(resources.audience(context.getAuthorization(),
                            context.getAuthorizationGrant()))))
                    .claim("client_id", context.getRegisteredClient().getClientId());
        };
    }

    @Bean
    @Order(0)
    SecurityFilterChain authorizationServer(HttpSecurity http, RegisteredClientRepository clients,
            AuthorizationServerSettings settings, ResourceIndicators resources, OAuth2TokenGenerator<?> tokens,
            AddressThrottle throttle, IdentityProperties properties)
            throws Exception {
        OAuth2AuthorizationServerConfigurer server = new OAuth2AuthorizationServerConfigurer();
        ClientRegistrations registrations = new ClientRegistrations();
        PublicClients publicClients = new PublicClients(clients, settings);
        UrlBasedCorsConfigurationSource crossOrigin = crossOrigin(settings);
        // its endpoints, and the CORS preflights for them (which the endpoints' own matchers, by method, miss)
        http.securityMatcher(new OrRequestMatcher(server.getEndpointsMatcher(), request ->
                        HttpMethod.OPTIONS.matches(request.getMethod()) && crossOrigin.getCorsConfiguration(request)
                                != null))
                .with(server, as -> as
                        .tokenGenerator(tokens)
                        .authorizationServerMetadataEndpoint(metadata -> metadata
                                .authorizationServerMetadataCustomizer(document -> document
                                        .scopes(scopes -> scopes.add(ClientRegistrations.SCOPE))
                                        .responseTypes(types -> types.retainAll(List.of("code")))
                                        .grantTypes(types -> types.retainAll(List.of(
                                                AuthorizationGrantType.AUTHORIZATION_CODE.getValue(),
                                                AuthorizationGrantType.REFRESH_TOKEN.getValue())))
                                        .tokenEndpointAuthenticationMethods(methods -> {
                                            methods.clear();
                                            methods.add("none");
                                        })
                                        .tokenRevocationEndpointAuthenticationMethods(methods -> {
                                            methods.clear();
                                            methods.add("none");
                                        })))
                        .authorizationEndpoint(authorize -> authorize
                                .consentPage(CONSENT_PAGE)
                                .authorizationRequestConverters(converters -> converters.replaceAll(
                                        AuthorizationServerConfiguration::withDefaultScope))
                                .authenticationProviders(providers -> providers.forEach(provider -> {
                                    if (provider instanceof OAuth2AuthorizationCodeRequestAuthenticationProvider codes) {
                                        codes.setAuthenticationValidator(
                                                new OAuth2AuthorizationCodeRequestAuthenticationValidator()
                                                        .andThen(resources::validate));
                                    }
                                })))
                        .clientRegistrationEndpoint(registration -> registration
                                .openRegistrationAllowed(true)
                                .authenticationProviders(providers -> providers.forEach(provider -> {
                                    if (provider instanceof OAuth2ClientRegistrationAuthenticationProvider register) {
                                        register.setAuthenticationValidator(registrations::validate);
                                        register.setRegisteredClientConverter(registrations::toClient);
                                    }
                                })))
                        .clientAuthentication(authentication -> authentication
                                .authenticationConverter(publicClients)
                                .authenticationProviders(providers -> providers.addFirst(publicClients))))
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers(settings.getClientRegistrationEndpoint()).permitAll()
                        .anyRequest().authenticated())
                // The person's session is the web application's (the same session attribute): signed in there,
                // consenting there.
                .securityContext(context -> context.securityContextRepository(
                        new HttpSessionSecurityContextRepository()))
                .cors(cors -> cors.configurationSource(crossOrigin))
                // After CORS, so a browser client can read the refusal.
                .addFilterAfter(new RegistrationThrottle(settings.getClientRegistrationEndpoint(), throttle,
                        properties.limits().clientRegistrationsPerHour()), CorsFilter.class)
                // The library reads bearer tokens here for registrations with an initial access token; ours is
                // open, and a bearer token must never stand in for the signed-in person at /oauth2/authorize.
                .oauth2ResourceServer(resource -> resource.bearerTokenResolver(request -> null))
                .exceptionHandling(handling -> handling.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint(LOGIN_PAGE),
                        PathPatternRequestMatcher.withDefaults().matcher(settings.getAuthorizationEndpoint())));
        return http.build();
    }

    /**
     * MCP clients running in a browser (an inspector, a web chat) call discovery, registration, the token and
     * revocation endpoints from their own origin. Those answer any origin, without cookies: they never rely on the
     * person's session, and public clients prove themselves by PKCE or their refresh token. The authorization
     * endpoint is a page the browser navigates to, so it gets no CORS headers.
     */
    private static UrlBasedCorsConfigurationSource crossOrigin(AuthorizationServerSettings settings) {
        CorsConfiguration anyOrigin = new CorsConfiguration();
        anyOrigin.addAllowedOrigin("*");
        anyOrigin.setAllowedMethods(List.of("GET", "POST", "OPTIONS"));
        anyOrigin.addAllowedHeader("*");
        anyOrigin.setAllowCredentials(false);
        anyOrigin.setMaxAge(Duration.ofHours(1));
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        for (String path : List.of(settings.getTokenEndpoint(), settings.getClientRegistrationEndpoint(),
                settings.getTokenRevocationEndpoint(), settings.getJwkSetEndpoint(),
                "/.well-known/oauth-authorization-server")) {
            source.registerCorsConfiguration(path, anyOrigin);
        }
        return source;
    }

    /** An authorization request that asks for no scope asks for mcp, the only one there is. */
    private static AuthenticationConverter withDefaultScope(AuthenticationConverter converter) {
        return request -> {
            var converted = converter.convert(request);
            if (converted instanceof OAuth2AuthorizationCodeRequestAuthenticationToken asked
                    && asked.getScopes().isEmpty()) {
                return new OAuth2AuthorizationCodeRequestAuthenticationToken(asked.getAuthorizationUri(),
                        asked.getClientId(), (org.springframework.security.core.Authentication) asked.getPrincipal(),
                        asked.getRedirectUri(), asked.getState(), Set.of(ClientRegistrations.SCOPE),
                        asked.getAdditionalParameters());
            }
            return converted;
        };
    }
}
