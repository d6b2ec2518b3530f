package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.SitesApplication;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The real service in a JVM of its own, as LargeUploadOnSmallHeapTest starts it (no test classes on its
 * classpath), on both ports, so that it can be killed with -9 or stopped gracefully and started again on the same
 * data. Each start takes fresh ports: a killed process's sockets must not decide whether the next one can bind.
 */
final class ServiceProcess {
    static final String TOKEN = PostgresAppTest.ALICE;

    private final Path data;
    private final Map<String, String> database;
    private Process process;
    private int apiPort;
    private int sitePort;
    private int starts;

    /** @param database the environment that picks the database (empty: the embedded H2 under {@code data}) */
    ServiceProcess(Path data, Map<String, String> database) {
        this.data = data;
        this.database = database;
    }

    /** Starts the service; returns when its ports accept connections, without waiting for it to answer. */
    void launch() throws IOException {
        apiPort = freePort();
        sitePort = freePort();
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-cp", classpath, SitesApplication.class.getName());
        Map<String, String> environment = new HashMap<>(Map.of("SERVER_PORT", Integer.toString(apiPort),
                "SITES_SITE_PORT", Integer.toString(sitePort), "SITES_SITE_HOST", "localhost",
                "SITES_DATA_DIR", data.toString(), "SITES_SEED_TOKENS", "alice=" + TOKEN,
                "SERVER_ADDRESS", "127.0.0.1", "SITES_SITE_ADDRESS", "127.0.0.1",
                "SITES_PUBLISHES_PER_MINUTE", "1000000"));
        environment.putAll(database);
        builder.environment().putAll(environment);
        starts++;
        builder.redirectErrorStream(true).redirectOutput(log().toFile());
        process = builder.start();
    }

    /** Starts the service and waits until the API answers. */
    void start() throws Exception {
        launch();
        awaitApi();
    }

    void awaitApi() throws Exception {
        Http http = api();
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (true) {
            assertThat(process.isAlive()).as("service started; log in " + log()).isTrue();
            try {
                // Both ports: the site port opens last.
                if (http.get("/v1", null).status() == 200 && site().onHost("localhost", "GET", "/").status() > 0) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("service ready in time; log in " + log()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** kill -9: no shutdown hook, no flush, nothing the service could still do. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** SIGTERM, as an orchestrator stops a service, and waits for the exit. */
    void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("the service did not stop within 60 s; log in " + log());
        }
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    Http api() {
        return new Http(apiPort);
    }

    Http site() {
        return new Http(sitePort);
    }

    Path data() {
        return data;
    }

    /** This start's log; each start writes a new one, so a check reads only what this run of the service said. */
    Path log() {
        return data.resolve("service-" + starts + ".log");
    }

    /** ERROR and WARN lines of this start's log after its first {@code skip} lines. */
    List<String> problems(int skip) throws IOException {
        return Files.readAllLines(log()).stream().skip(skip)
                .filter(line -> line.contains(" ERROR ") || line.contains(" WARN "))
                .toList();
    }

    int logLines() throws IOException {
        return Files.readAllLines(log()).size();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
