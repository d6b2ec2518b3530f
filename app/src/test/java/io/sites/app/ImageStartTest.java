package io.sites.app;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The image's start, as the Dockerfile builds and runs it, on the packaged jar: extracted, the AOT caches written by
 * {@code deploy/aot-training}, then the image's entrypoint ({@code deploy/entrypoint}) as in a 512 MB container (its
 * heap, the serial collector) with {@code -XX:AOTMode=on}, which makes the JVM refuse to start unless the cache is
 * valid for it. A replica of every role publishes and serves, then a site replica alone (SITES_ROLES=sites, its own
 * cache) serves the same data; with SITES_LOG_FORMAT set every line either writes is JSON. Runs after package
 * (app/pom.xml), on JDK 25+.
 */
class ImageStartTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = REPO.resolve("app/target/app-0.1.0-SNAPSHOT.jar");
    /** As in a 512 MB container, which picks the serial collector; the caches were trained on a larger heap and G1. */
    private static final String SMALL_CONTAINER = "-XX:AOTMode=on -XX:MaxRAM=512m -XX:+UseSerialGC";

    @TempDir
    Path temp;

    @Test
    void theTrainedCachesAreValidAndEachKindOfReplicaStartsWithItsOwn() throws Exception {
        assumeThat(Runtime.version().feature()).as("the AOT cache needs JDK 25").isGreaterThanOrEqualTo(25);
        assertThat(JAR).as("run after package").exists();
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        String java = bin.resolve("java").toString();
        // The image's layout under SITES_HOME: app/app.jar extracted, aot/ the caches.
        Path home = temp.resolve("home");
        Path copy = Files.copy(JAR, Files.createDirectories(home).resolve("app.jar"));
        run(new ProcessBuilder(java, "-Djarmode=tools", "-jar", copy.toString(), "extract", "--destination",
                home.resolve("app").toString()));
        Files.delete(copy);
        ProcessBuilder training = new ProcessBuilder(REPO.resolve("deploy/aot-training").toString(),
                home.resolve("app/app.jar").toString(), home.resolve("aot").toString(), java);
        // Three ports found free, rather than one and the two above it, which may be another process's.
        training.environment().putAll(Map.of("TRAINING_PORT", Integer.toString(ServiceProcess.freePort()),
                "TRAINING_SITE_PORT", Integer.toString(ServiceProcess.freePort()),
                "TRAINING_MANAGEMENT_PORT", Integer.toString(ServiceProcess.freePort())));
        run(training);
        assertThat(home.resolve("aot/app.aot")).isNotEmptyFile();
        assertThat(home.resolve("aot/sites.aot")).isNotEmptyFile();

        List<String> entrypoint = List.of(REPO.resolve("deploy/entrypoint").toString());
        Map<String, String> image = Map.of("SITES_HOME", home.toString(), "JAVA_OPTS", SMALL_CONTAINER,
                "PATH", bin + ":" + System.getenv("PATH"), "SITES_LOG_FORMAT", "ecs", "SITES_SITE_HOST", "localhost");
        Path data = Files.createDirectory(temp.resolve("data"));
        // Not closed (that would delete the data the site replica then reads): stopped; @TempDir removes it all.
        ServiceProcess every = new ServiceProcess(data, image, List.of()).withCommand(entrypoint)
                .withManagementPort().named("every-role");
        try {
            every.launch();
            every.awaitReady();
            assertThat(every.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site("imaged", "Imaged", file("index.html", "<p>from the image</p>"))).status()).isEqualTo(201);
            assertServed(every);
            every.stop();
            assertEveryLineIsJson(every);
        } finally {
            every.stop();
        }
        Map<String, String> siteReplica = new HashMap<>(image);
        siteReplica.put("SITES_ROLES", "sites");
        try (ServiceProcess sites = new ServiceProcess(data, siteReplica, List.of()).withCommand(entrypoint)
                .withManagementPort().named("sites")) {
            sites.launch();
            sites.awaitReady();
            assertServed(sites);
            sites.stop();
            assertEveryLineIsJson(sites);
        }
    }

    private static void assertServed(ServiceProcess service) throws Exception {
        Http.Response page = service.site().onHost("imaged.localhost", "GET", "/");
        assertThat(page.status()).as(Files.readString(service.log())).isEqualTo(200);
        assertThat(page.text()).contains("from the image");
    }

    private static void assertEveryLineIsJson(ServiceProcess service) throws Exception {
        for (String line : Files.readAllLines(service.log())) {
            JsonNode json = Http.JSON.readTree(line);
            assertThat(json.isObject()).as(line).isTrue();
        }
    }

    private void run(List<String> command) throws Exception {
        run(new ProcessBuilder(command));
    }

    private void run(ProcessBuilder builder) throws Exception {
        Path out = Files.createTempFile(temp, "out", ".txt");
        Process process = builder.redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).as(builder.command() + " ended").isTrue();
        assertThat(process.exitValue()).as(builder.command() + ":\n" + Files.readString(out)).isZero();
    }
}
