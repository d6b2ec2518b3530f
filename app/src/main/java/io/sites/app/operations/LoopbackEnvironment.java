package io.sites.app.operations;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;

/**
 * The operator's ports listen on loopback unless told otherwise, decided before anything starts: the management
 * port (probes and metrics, {@code management.server.address}, MANAGEMENT_SERVER_ADDRESS) when it is a port of its
 * own, and H2's TCP server, through which operator commands reach the embedded database ({@code h2.bindAddress},
 * which H2 reads once, when its first class loads: hence here, before the data source exists). What the operator
 * sets explicitly (environment, -D, arguments) wins. See docs/SECURITY.md, "Loopback".
 */
class LoopbackEnvironment implements EnvironmentPostProcessor {
    static final String LOOPBACK = "127.0.0.1";
    static final String H2_BIND_ADDRESS = "h2.bindAddress";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (System.getProperty(H2_BIND_ADDRESS) == null) {
            System.setProperty(H2_BIND_ADDRESS, LOOPBACK);
        }
        if (environment.containsProperty("management.server.address") || !ownPort(environment)) {
            return;
        }
        // Above application.yml, below the environment, so MANAGEMENT_SERVER_ADDRESS and -D still win.
        MapPropertySource source = new MapPropertySource("sitesLoopback",
                Map.of("management.server.address", LOOPBACK));
        MutablePropertySources sources = environment.getPropertySources();
        if (sources.contains(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)) {
            sources.addAfter(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, source);
        } else {
            sources.addLast(source);
        }
    }

    /**
     * Whether the management port is one of its own: Spring refuses an address for a management port that is the
     * API's (then the API's address holds), and none is needed for a disabled one.
     */
    private static boolean ownPort(ConfigurableEnvironment environment) {
        Integer port = environment.getProperty("management.server.port", Integer.class);
        Integer server = environment.getProperty("server.port", Integer.class, 8080);
        return port != null && port >= 0 && (port == 0 || !port.equals(server));
    }
}
