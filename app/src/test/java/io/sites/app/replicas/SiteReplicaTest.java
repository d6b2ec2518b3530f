package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.PreviewLinks;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

/**
 * A second site server, started later as its own process on the same database and blob directory, catches up
 * from the event store and serves the same bytes; restarted, it resumes from a snapshot instead of replaying.
 */
class SiteReplicaTest extends PostgresAppTest {
    private static final String CSS = "main { margin: 0 auto; }\n".repeat(100);

    @Autowired
    Environment environment;

    @Test
    void aLaterReplicaCatchesUpAndARestartResumesFromItsSnapshot() throws Exception {
        String slug = unique("replica");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Replica",
                file("index.html", "<p>first</p>"), file("site.css", CSS)));
        assertThat(created.status()).isEqualTo(201);
        String websiteId = created.json().get("websiteId").asString();
        assertThat(http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(false, "draft", file("index.html", "<p>draft</p>"))).status()).isEqualTo(201);
        // Forward to the draft and back: the replica, reading the whole stream, must end where the last event says.
        assertThat(http().post("/v1/websites/" + websiteId + "/versions/2/promote", ALICE, "").status())
                .isEqualTo(200);
        assertThat(http().post("/v1/websites/" + websiteId + "/versions/1/promote", ALICE, "").status())
                .isEqualTo(200);

        Path log = Files.createTempFile("site-replica", ".log");
        log.toFile().deleteOnExit();
        int port = freePort();
        Process replica = start(port, log);
        try {
            Http second = new Http(port);
            Http.Response css = awaitServed(second, slug, "/site.css", replica, log);
            assertThat(css.raw().body()).isEqualTo(http().site(slug, "/site.css").raw().body());
            assertThat(css.header("ETag")).isEqualTo(http().site(slug, "/site.css").header("ETag"));
            // Minted by the API here, checked by the replica with the key both read from the database.
            String draft = http().get("/v1/websites/" + websiteId + "/versions", ALICE).json().get("versions")
                    .valueStream().filter(v -> v.get("version").asInt() == 2).findFirst().orElseThrow()
                    .get("previewUrl").asString();
            assertThat(PreviewLinks.get(second, draft, "/").text()).contains("draft");
            assertThat(second.onHost("v2--" + slug + ".localhost", "GET", "/").status()).as("no grant")
                    .isEqualTo(404);
            assertThat(second.site(slug, "/").text()).as("rolled back on the replica too").contains("first");
        } finally {
            stop(replica);
        }
        try (Stream<Path> snapshots = Files.list(Path.of(environment.getProperty("sites.data-dir"), "blobs",
                "snapshots"))) {
            assertThat(snapshots.map(Path::toString)).as("written, beside the blobs, when the replica stops")
                    .anyMatch(name -> name.endsWith(".gz"));
        }

        assertThat(http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(null, "third", file("index.html", "<p>third</p>"))).status()).isEqualTo(201);
        Files.writeString(log, "");
        replica = start(port, log);
        try {
            Http second = new Http(port);
            Http.Response page = awaitServed(second, slug, "/", replica, log);
            for (int i = 0; i < 100 && !page.text().contains("third"); i++) {
                Thread.sleep(100);
                page = second.site(slug, "/");
            }
            assertThat(page.text()).as("events after the snapshot are still read").contains("third");
            assertThat(second.site(slug, "/site.css").status()).isEqualTo(404);
            assertThat(Files.readString(log)).contains("Site directory restored from");
        } finally {
            stop(replica);
        }
    }

    private Process start(int port, Path log) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // Without the test classes: their configurations (a still clock, …) belong to this JVM's tests only.
        String main = Stream.of(classpath.split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp", main,
                "io.sites.app.SitesApplication",
                "--server.port=" + port, "--server.address=127.0.0.1",
                "--spring.profiles.active=postgres",
                "--spring.datasource.url=" + environment.getProperty("spring.datasource.url"),
                "--spring.datasource.username=" + environment.getProperty("spring.datasource.username"),
                "--sites.data-dir=" + environment.getProperty("sites.data-dir"),
                "--sites.site-host=localhost",
                "--sites.site-server.replica=second"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static Http.Response awaitServed(Http http, String slug, String path, Process process, Path log)
            throws Exception {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("replica exited: " + Files.readString(log));
            }
            try {
                Http.Response response = http.site(slug, path);
                if (response.status() == 200) {
                    return response;
                }
            } catch (RuntimeException notListeningYet) {
                // starting
            }
            Thread.sleep(200);
        }
        throw new AssertionError("replica never served " + path + ": " + Files.readString(log));
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
