package io.sites.app.operator;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * What an operator command implies, before the context starts. {@code collaborator …}, {@code quota …} and
 * {@code purge-account …} run once beside a serving replica: a free port, the API role only (no site directory of
 * its own, no snapshot file shared with the service),
 * logging at WARN so that its one line of result stands alone, and, on the embedded default while a service holds
 * the database, the service's loopback door to it ({@link EmbeddedDatabaseServer}). {@code replay} starts the
 * service itself, so it refuses in one line to start beside one on the same embedded database.
 */
class OperatorEnvironment implements EnvironmentPostProcessor, Ordered {
    static final String SERVICE_RUNS = "The service is running on this database: stop it first; replay read-model "
            + "then starts it and rebuilds the read model while it serves.";

    @Override
    public int getOrder() {
        // After application.yml is read (the database's URL), before the roles are (RoleEnvironment).
        return ConfigDataEnvironmentPostProcessor.ORDER + 1;
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String words = environment.getProperty(CommandLinePropertySource.DEFAULT_NON_OPTION_ARGS_PROPERTY_NAME, "");
        String command = words.split(",", 2)[0];
        if (!command.equals("collaborator") && !command.equals("quota") && !command.equals("purge-account")
                && !command.equals("replay")) {
            return;
        }
        Optional<String> beside = EmbeddedDatabaseServer.remoteUrl(
                environment.getProperty("spring.datasource.url", ""));
        if (command.equals("replay")) {
            if (beside.isPresent()) {
                System.err.println(SERVICE_RUNS);
                System.exit(1);
            }
            return;
        }
        Map<String, Object> implied = new HashMap<>(Map.of("server.port", "0", "sites.roles", "api",
                "logging.level.root", "warn", "spring.main.banner-mode", "off"));
        beside.ifPresent(url -> implied.put("spring.datasource.url", url));
        environment.getPropertySources().addFirst(new MapPropertySource("operatorCommand", implied));
    }
}
