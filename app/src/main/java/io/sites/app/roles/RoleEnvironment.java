package io.sites.app.roles;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;

/**
 * The settings a role implies, decided before the context starts: a replica with the sites role only runs no
 * servlet container and needs its site port; one with the API only has no site directory to wait on for readiness.
 * It also reads {@code sites.roles} first, so a misspelt role fails before anything else starts.
 */
class RoleEnvironment implements EnvironmentPostProcessor {
    static final String SITE_PORT_REQUIRED = "SITES_SITE_PORT (sites.site-server.port) must be set on a replica "
            + "with SITES_ROLES=sites: it serves sites on that port only";

    /**
     * What still matches without a servlet container, only because its classes are on the classpath: Thymeleaf's
     * engine, Spring Security's event publisher and the resource server's (empty) outer configurations.
     */
    private static final String RESOURCE_SERVER =
            "org.springframework.boot.security.oauth2.server.resource.autoconfigure.";
    private static final List<String> API_ONLY_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.thymeleaf.autoconfigure.ThymeleafAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
            "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
            RESOURCE_SERVER + "OAuth2ResourceServerAutoConfiguration",
            RESOURCE_SERVER + "reactive.ReactiveOAuth2ResourceServerAutoConfiguration");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Roles roles = Roles.of(environment);
        Map<String, Object> implied = new HashMap<>();
        if (roles.only(ServiceRole.SITES)) {
            if (environment.getProperty("sites.site-server.port", "").isBlank()) {
                throw new IllegalArgumentException(SITE_PORT_REQUIRED);
            }
            implied.put("spring.main.web-application-type", "none");
            implied.put("spring.autoconfigure.exclude", String.join(",", API_ONLY_AUTO_CONFIGURATIONS));
        }
        if (roles.only(ServiceRole.API)) {
            implied.put("management.endpoint.health.group.readiness.include", "readinessState");
        }
        if (implied.isEmpty()) {
            return;
        }
        // Above application.yml, below what the operator sets explicitly (environment, -D, arguments), which wins.
        MapPropertySource source = new MapPropertySource("sitesRoles", implied);
        MutablePropertySources sources = environment.getPropertySources();
        if (sources.contains(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)) {
            sources.addAfter(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, source);
        } else {
            sources.addFirst(source);
        }
    }
}
