package io.sites.app.operator;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.ServiceProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every operator command as an operator runs it, in a JVM of its own, beside the service running as a real process
 * on the embedded default (which holds the H2 file): its exit code, and its one line of result on stdout or of
 * reason on stderr, with nothing else there. Then a replay on the stopped service's data rebuilds once, quietly.
 */
class OperatorBesideServiceTest {
    private static final List<String> JVM = List.of("-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED");

    @TempDir
    Path data;

    record Run(int exit, List<String> out, List<String> err) {
    }

    @Test
    void everyCommandWorksBesideTheRunningService() throws Exception {
        try (ServiceProcess service = ServiceProcess.restartable(data, Map.of("SITES_SEED_TOKENS",
                "alice=" + EmbeddedAppTest.ALICE + ",bob=" + EmbeddedAppTest.BOB))) {
            service.start();
            String id = service.api().post("/v1/websites", EmbeddedAppTest.ALICE, site(unique("operated"), "Operated",
                    file("index.html", "<p>x</p>"))).json().get("websiteId").asString();

            assertThat(operator("collaborator", "add", id, "bob"))
                    .isEqualTo(new Run(0, List.of("bob is now an editor of " + id), List.of()));
            service.awaitUntil(() -> service.api().get("/v1/websites/" + id, EmbeddedAppTest.BOB).status() == 200);

            assertThat(operator("collaborator", "remove", id, "bob"))
                    .isEqualTo(new Run(0, List.of("bob is no longer an editor of " + id), List.of()));
            service.awaitUntil(() -> service.api().get("/v1/websites/" + id, EmbeddedAppTest.BOB).status() == 404);

            Run unknown = operator("collaborator", "add", id, "nobody-by-this-name");
            assertThat(unknown.exit()).isOne();
            assertThat(unknown.out()).isEmpty();
            assertThat(unknown.err()).hasSize(1).allMatch(line -> line.contains("nobody-by-this-name"));

            Run quota = operator("quota", "set", "bob", "storage=2GB");
            assertThat(quota.exit()).as(quota.toString()).isZero();
            assertThat(quota.out()).containsExactly("bob: bandwidth 107374182400 bytes a month, storage 2147483648"
                    + " bytes, 1000 requests a second per website");

            assertThat(operator("replay", "read-model"))
                    .isEqualTo(new Run(1, List.of(), List.of(OperatorEnvironment.SERVICE_RUNS)));
            assertThat(Files.exists(data.resolve("db/sites.tcp"))).isTrue();
            service.stop();
            assertThat(Files.exists(data.resolve("db/sites.tcp"))).as("the door closes with the service").isFalse();
            replayAlone();
        }
    }

    /** replay on data no service holds: it starts the service, which rebuilds once and says so once. */
    private void replayAlone() throws Exception {
        Path log = data.resolve("replay.log");
        ProcessBuilder builder = new ProcessBuilder(ServiceProcess.java(JVM, "replay", "read-model"));
        builder.environment().putAll(Map.of("SITES_DATA_DIR", data.toString(), "SERVER_PORT",
                Integer.toString(freePort()), "SERVER_ADDRESS", "127.0.0.1"));
        Process replay = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (!Files.readString(log).contains("Read model rebuilt")) {
                assertThat(replay.isAlive()).as("replay running; log in " + log).isTrue();
                assertThat(System.nanoTime()).as("rebuilt in time; log in " + log).isLessThan(deadline);
                Thread.sleep(200);
            }
            // The rebuild's own watch is the only one: no second report, no resume of a stopped replica's rebuild.
            Thread.sleep(1_000);
            String said = Files.readString(log);
            assertThat(said.split("Read model rebuilt", -1)).hasSize(2);
            assertThat(said).contains("Replaying read-model")
                    .doesNotContain("was being rebuilt when a replica stopped")
                    .doesNotContain(" WARN ").doesNotContain(" ERROR ");
        } finally {
            replay.destroy();
            replay.waitFor(60, TimeUnit.SECONDS);
        }
    }

    private Run operator(String... arguments) throws IOException, InterruptedException {
        Path out = Files.createTempFile(data, "operator", ".out");
        Path err = Files.createTempFile(data, "operator", ".err");
        ProcessBuilder builder = new ProcessBuilder(ServiceProcess.java(JVM, arguments));
        builder.environment().put("SITES_DATA_DIR", data.toString());
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("operator command exited").isTrue();
        return new Run(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
