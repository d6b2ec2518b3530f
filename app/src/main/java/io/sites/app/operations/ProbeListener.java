package io.sites.app.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnNotWebApplication;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.ApiVersion;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.health.registry.ReactiveHealthContributorRegistry;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusOutputFormat;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The management port of a replica without a servlet container (the sites role alone): GET of
 * {@code /actuator/health}, its {@code liveness} and {@code readiness} groups and {@code /actuator/prometheus}, on
 * {@code management.server.address}:{@code management.server.port}, answered by Actuator's own health web extension
 * (so the groups, show-components/show-details and status codes are Spring's: 200 UP, 503 DOWN or OUT_OF_SERVICE)
 * and Prometheus scrape endpoint. The JDK's HTTP server, one thread: a probe every few
 * seconds and a scrape a minute need no Tomcat. See docs/DECISIONS.md, "Roles".
 */
@Component
@ConditionalOnNotWebApplication
@ConditionalOnExpression("${management.server.port:-1} > 0")
class ProbeListener implements SmartLifecycle {
    private static final String HEALTH = "/actuator/health";
    private static final String PROMETHEUS = "/actuator/prometheus";

    private final HealthEndpointWebExtension health;
    private final PrometheusScrapeEndpoint prometheus;
    private final JsonMapper json;
    private final InetSocketAddress address;
    private HttpServer server;
    private ExecutorService thread;

    ProbeListener(HealthContributorRegistry contributors, ObjectProvider<ReactiveHealthContributorRegistry> reactive,
            HealthEndpointGroups groups, PrometheusScrapeEndpoint prometheus, JsonMapper json,
            Environment environment) throws IOException {
        // Boot builds this extension only beside a web server; the plain HealthEndpoint would show every detail.
        this.health = new HealthEndpointWebExtension(contributors, reactive.getIfAvailable(), groups,
                environment.getProperty("management.endpoint.health.logging.slow-indicator-threshold",
                        Duration.class, Duration.ofSeconds(10)));
        this.prometheus = prometheus;
        this.json = json;
        String host = environment.getProperty("management.server.address", "127.0.0.1");
        this.address = new InetSocketAddress(InetAddress.getByName(host),
                environment.getRequiredProperty("management.server.port", Integer.class));
    }

    @Override
    public void start() {
        try {
            server = HttpServer.create(address, 16);
        } catch (IOException refused) {
            throw new IllegalStateException("management.server.port " + address + " cannot be bound", refused);
        }
        server.createContext("/", this::answer);
        thread = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("probes").factory());
        server.setExecutor(thread);
        server.start();
    }

    @Override
    public void stop() {
        server.stop(0);
        thread.shutdown();
        server = null;
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"GET".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "text/plain", new byte[0]);
            } else if (path.equals(PROMETHEUS)) {
                var scrape = prometheus.scrape(PrometheusOutputFormat.CONTENT_TYPE_004, null);
                send(exchange, scrape.getStatus(), PrometheusOutputFormat.CONTENT_TYPE_004.getProducedMimeType()
                        .toString(), scrape.getBody());
            } else if (path.equals(HEALTH) || path.startsWith(HEALTH + "/")) {
                String rest = path.substring(HEALTH.length());
                String[] segments = rest.isEmpty() ? new String[0] : rest.substring(1).split("/");
                WebEndpointResponse<HealthDescriptor> answer = health.health(ApiVersion.V3,
                        WebServerNamespace.MANAGEMENT, SecurityContext.NONE, false, segments);
                send(exchange, answer.getStatus(), "application/vnd.spring-boot.actuator.v3+json",
                        answer.getBody() == null ? new byte[0] : json.writeValueAsBytes(answer.getBody()));
            } else {
                send(exchange, 404, "text/plain", new byte[0]);
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
