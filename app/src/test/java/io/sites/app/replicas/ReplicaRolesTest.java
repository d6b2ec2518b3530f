package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.app.Http;
import io.sites.app.PostgresTestDatabase;
import io.sites.app.ServiceProcess;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SITES_ROLES: an API replica and a site replica, each a real process, on one PostgreSQL database and one blob
 * directory. What the API publishes the site replica serves; each has only its own ports, and each answers its
 * probes on its management port.
 */
class ReplicaRolesTest {

    @Test
    void anApiReplicaPublishesAndASiteReplicaServes() throws Exception {
        Path data = Files.createTempDirectory("sites-roles");
        Map<String, String> database = Map.of("SPRING_DATASOURCE_URL", PostgresTestDatabase.create(),
                "SPRING_DATASOURCE_USERNAME", PostgresTestDatabase.user(),
                "SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4");
        int apiManagement = ServiceProcess.freePort();
        int sitesManagement = ServiceProcess.freePort();
        try (ServiceProcess api = replica(data, database, "api", apiManagement);
                ServiceProcess sites = replica(data, database, "sites", sitesManagement)) {
            api.launch();
            sites.launch();
            Http apiProbes = new Http(apiManagement);
            Http siteProbes = new Http(sitesManagement);
            api.awaitUntil(() -> api.api().get("/v1", null).status() == 200
                    && apiProbes.get("/actuator/health/readiness", null).status() == 200);
            sites.awaitUntil(() -> siteProbes.get("/actuator/health/readiness", null).status() == 200);

            String slug = unique("roles");
            assertThat(api.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site(slug, "Roles", file("index.html", "<p>served by the site replica</p>"))).status())
                    .isEqualTo(201);
            sites.awaitUntil(() -> sites.site().site(slug, "/").status() == 200);
            assertThat(sites.site().site(slug, "/").text()).contains("served by the site replica");

            // The site replica: no servlet container (nothing on what would be its API port), probes on its own.
            assertThatThrownBy(() -> new Socket("127.0.0.1", sites.apiPort()).close())
                    .isInstanceOf(ConnectException.class);
            Http.Response readiness = siteProbes.get("/actuator/health/readiness", null);
            assertThat(readiness.json().at("/components/siteDirectory/status").asString()).isEqualTo("UP");
            assertThat(readiness.json().at("/components/readinessState/status").asString()).isEqualTo("UP");
            assertThat(siteProbes.get("/actuator/health/liveness", null).json().get("status").asString())
                    .isEqualTo("UP");
            Http.Response health = siteProbes.get("/actuator/health", null);
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.json().at("/components/db/details").isMissingNode())
                    .as("details are never shown, as on Spring's own management port").isTrue();
            assertThat(siteProbes.get("/actuator/health/nothing", null).status()).isEqualTo(404);
            Http.Response metrics = siteProbes.get("/actuator/prometheus", null);
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.header("Content-Type")).startsWith("text/plain");
            assertThat(metrics.text()).contains("jvm_memory_used_bytes");

            // The API replica: no site directory. A site host on its port is the envelope's 404; its readiness is
            // Spring's alone.
            Http.Response siteOnApi = api.api().onHost(slug + ".localhost", "GET", "/");
            assertThat(siteOnApi.status()).isEqualTo(404);
            assertThat(siteOnApi.header("Content-Type")).startsWith("application/json");
            assertThat(siteOnApi.json().at("/error/code").asString()).isEqualTo("NOT_FOUND");
            Http.Response apiReadiness = apiProbes.get("/actuator/health/readiness", null);
            assertThat(apiReadiness.json().at("/components/readinessState/status").asString()).isEqualTo("UP");
            assertThat(apiReadiness.json().at("/components/siteDirectory").isMissingNode()).isTrue();
            assertThat(api.api().get("/v1/websites", ServiceProcess.TOKEN).text()).contains(slug);
            assertThat(api.problems(0)).noneMatch(line -> line.contains(" ERROR "));
            assertThat(sites.problems(0)).noneMatch(line -> line.contains(" ERROR "));
        }
    }

    @Test
    void aMisspeltRoleOrASiteReplicaWithoutItsPortDoesNotStart() throws Exception {
        Path data = Files.createTempDirectory("sites-bad-roles");
        try (ServiceProcess misspelt = new ServiceProcess(data, Map.of("SITES_ROLES", "api,site"),
                List.of("-Xmx128m")).named("misspelt")) {
            misspelt.launch();
            assertThat(misspelt.awaitExit()).isNotZero();
            assertThat(Files.readString(misspelt.log())).contains(
                    "SITES_ROLES (sites.roles) must be api, sites or api,sites (the default); it is 'api,site'");
        }
        try (ServiceProcess portless = new ServiceProcess(data, Map.of("SITES_ROLES", "sites",
                "SITES_SITE_PORT", ""), List.of("-Xmx128m")).named("portless")) {
            portless.launch();
            assertThat(portless.awaitExit()).isNotZero();
            assertThat(Files.readString(portless.log())).contains(
                    "SITES_SITE_PORT (sites.site-server.port) must be set on a replica with SITES_ROLES=sites");
        }
    }

    /**
     * A start that fails must end the process, so that an orchestrator restarts it: the site port's event loop,
     * left running when its bind failed, used to keep the JVM alive without ever becoming ready.
     */
    @Test
    void aSitePortAnotherProcessHoldsEndsTheStart() throws Exception {
        Path data = Files.createTempDirectory("sites-port-taken");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ServiceProcess service = new ServiceProcess(data, Map.of("SITES_SITE_PORT",
                        Integer.toString(taken.getLocalPort())), List.of("-Xmx128m")).named("port-taken")) {
            service.launch();
            assertThat(service.awaitExit()).isNotZero();
            assertThat(Files.readString(service.log())).contains("Address already in use");
        }
    }

    private static ServiceProcess replica(Path data, Map<String, String> database, String role, int management) {
        Map<String, String> environment = new HashMap<>(database);
        environment.putAll(Map.of("SITES_ROLES", role, "SITES_SITE_HOST", "localhost",
                "MANAGEMENT_SERVER_PORT", Integer.toString(management), "MANAGEMENT_SERVER_ADDRESS", "127.0.0.1"));
        if (role.equals("api")) {
            environment.put("SITES_SITE_PORT", "");
        }
        return new ServiceProcess(data, environment, List.of("-Xmx256m", "-XX:TieredStopAtLevel=1")).named(role);
    }
}
