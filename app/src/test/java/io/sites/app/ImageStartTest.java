package io.sites.app;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The image's start, as the Dockerfile builds and runs it, on the packaged jar: extracted, an AOT cache written by
 * {@code deploy/aot-training}, then the Dockerfile's own ENTRYPOINT options with {@code -XX:AOTMode=on}, which makes
 * the JVM refuse to start unless the cache is valid for it, in a small container's heap and collector. The replica then publishes and serves, and with
 * SITES_LOG_FORMAT set every line it writes is still JSON. Runs after package (app/pom.xml), on JDK 25+.
 */
class ImageStartTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = REPO.resolve("app/target/app-0.1.0-SNAPSHOT.jar");

    @TempDir
    Path temp;

    @Test
    void theTrainedCacheIsValidAndTheServiceStartsWithIt() throws Exception {
        assumeThat(Runtime.version().feature()).as("the AOT cache needs JDK 25").isGreaterThanOrEqualTo(25);
        assertThat(JAR).as("run after package").exists();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path app = temp.resolve("app");
        run(List.of(java, "-Djarmode=tools", "-jar", JAR.toString(), "extract", "--destination", app.toString()));
        Path extracted = app.resolve(JAR.getFileName());
        Path cache = temp.resolve("app.aot");
        ProcessBuilder training = new ProcessBuilder(REPO.resolve("deploy/aot-training").toString(),
                extracted.toString(), cache.toString(), java);
        training.environment().put("TRAINING_PORT", Integer.toString(ServiceProcess.freePort()));
        run(training);
        assertThat(cache).isNotEmptyFile();

        List<String> command = new ArrayList<>();
        for (String argument : entrypoint()) {
            command.add(argument.equals("java") ? java
                    : argument.replace("/srv/sites/app.aot", cache.toString())
                            .replace("/srv/sites/app/app.jar", extracted.toString()));
        }
        // As in a 512 MB container, which picks the serial collector: the cache was trained on a larger heap with
        // another collector, and must still load (a cache with classes linked ahead refused to start here).
        command.addAll(1, List.of("-XX:AOTMode=on", "-XX:MaxRAM=512m", "-XX:+UseSerialGC"));
        assertThat(command).contains("-XX:AOTCache=" + cache, "-jar", extracted.toString());

        Path data = Files.createDirectory(temp.resolve("data"));
        try (ServiceProcess service = new ServiceProcess(data, Map.of("SITES_LOG_FORMAT", "ecs",
                "SITES_SITE_HOST", "localhost"), List.of()).withCommand(command).withManagementPort()) {
            service.launch();
            service.awaitReady();
            assertThat(service.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site("imaged", "Imaged", file("index.html", "<p>from the image</p>"))).status()).isEqualTo(201);
            Http.Response page = service.site().onHost("imaged.localhost", "GET", "/");
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.text()).contains("from the image");
            service.stop();
            for (String line : Files.readAllLines(service.log())) {
                JsonNode json = Http.JSON.readTree(line);
                assertThat(json.isObject()).as(line).isTrue();
            }
        }
    }

    /** The Dockerfile's ENTRYPOINT, its exec form's strings in order. */
    private static List<String> entrypoint() throws Exception {
        Matcher line = Pattern.compile("(?m)^ENTRYPOINT \\[(.*)]$").matcher(Files.readString(REPO.resolve("Dockerfile")));
        assertThat(line.find()).as("the Dockerfile has an exec-form ENTRYPOINT").isTrue();
        List<String> arguments = new ArrayList<>();
        Matcher quoted = Pattern.compile("\"([^\"]*)\"").matcher(line.group(1));
        while (quoted.find()) {
            arguments.add(quoted.group(1));
        }
        return arguments;
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
