package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bench command of docs/BENCHMARKS.md runs as one command on the packaged jar and prints its table with the
 * ratio to the reference it measures in the same run (nginx, the floor, the build before, the start without a
 * cache). At the smallest sizes that still exercise each part, so the scripts cannot rot between the sessions that
 * measure with them; the numbers themselves are not checked (no timing is asserted anywhere). Runs after package
 * (app/pom.xml), on PostgreSQL; bench/serve needs nginx and wrk (.ci/run installs them).
 */
class BenchCommandsTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = REPO.resolve("app/target/app-0.1.0-SNAPSHOT.jar");
    /** A table cell holding a ratio, as most benches print them: "1.91x", "0.58×". */
    private static final String RATIO = "\\| \\d+\\.\\d+[x×] \\|";

    static Stream<Arguments> commands() {
        String jar = JAR.toString();
        // The AOT cache needs JDK 25; before it, bench/start compares its settings without one.
        String caches = Runtime.version().feature() >= 25 ? "none aot" : "none";
        return Stream.of(
                Arguments.of("publish", Map.of("BACKENDS", "postgres", "SCENARIOS", "sequential", "PUBLISHES", "20",
                        "WARMUP", "20", "JAR", jar), "| backend | scenario | clients | publishes | p50 |",
                        "\\| postgres \\| sequential .*" + RATIO),
                // Over HTTPS (nginx and the TLS port, one certificate): the plain run differs only by its scheme.
                Arguments.of("serve", Map.of("TLS", "1", "ROUNDS", "1", "DURATION", "1s", "WARMUP", "1s", "ONLY",
                        "2 KB page", "JAR", jar), "| file | encoding | nginx req/s | sites req/s | ratio |",
                        "(?s)over HTTPS.*\\| 2 KB page \\| identity \\| \\d+ \\| \\d+ " + RATIO),
                Arguments.of("replay", Map.of("WEBSITES", "20", "VERSIONS", "40", "ROUNDS", "1", "JAR", jar,
                        "BEFORE_JAR", jar), "| build | read model rebuild (ms) |", "\\| after / before " + RATIO),
                Arguments.of("start", Map.of("ROUNDS", "1", "SITES", "0", "SETTINGS", "sites", "CACHES", caches,
                        "SKIP_BUILD", "1"), "| SITES_ROLES | cache | ready (ms) | ready / no cache |",
                        "\\| sites \\| none \\| \\d+ " + RATIO),
                Arguments.of("rules", Map.of("ROUNDS", "1", "SIZES", "10", "JAR", jar),
                        "| rules | dry run (ms) | publish (ms) | first request (ms) |",
                        "\\| 10( \\| \\d+\\.\\d+){4} " + RATIO),
                Arguments.of("reads", Map.of("ROUNDS", "1", "DURATION", "1s", "JAR", jar, "BEFORE_JAR", jar),
                        "| operation | p50 before | p50 after | p99 before | p99 after | p99 after ÷ before |",
                        "\\| listWebsites( \\| \\d+\\.\\d+){4} \\| \\d+\\.\\d+ \\|"),
                // Without the image's start (its AOT training takes a minute; bench/start trains a cache above).
                Arguments.of("generate-sites", Map.of("WEBSITES", "200", "COLD", "20", "JAR", jar,
                        "SERVICE_JAVA_OPTS", "-Xmx256m", "IMAGE", "0", "SPREAD", "100", "SPREAD_SECONDS", "2"),
                        "| start | ready (ms from launch) | directory (ms) |",
                        "\\| with( \\| \\d+){4}( \\| \\d+\\.\\d+){2}( \\| \\d+){2} \\| \\d+\\.\\d+× of without \\|"),
                // The quick mode, 200 files: that the command runs and prints; BigFolderCommandLineTest publishes
                // more new files than an answer lists of any other rule.
                Arguments.of("big-site", Map.of("FILES", "200", "SIZE", "1200000", "REQUESTS", "200", "PG", "1",
                        "SKIP_BUILD", "1"), "| backend | files | bytes | publish (s) | files sent | republish (s) |",
                        "\\| postgres \\| 200 \\| \\d+ \\| \\d+\\.\\d+ \\| 200 \\| \\d+\\.\\d+ \\| 1 \\|.*" + RATIO),
                Arguments.of("cli-start", Map.of("ROUNDS", "1"),
                        "| variant | wall p50 (ms) | CPU p50 (ms) | wall / java -jar |",
                        "\\| bin/sites \\| \\d+ \\| \\d+ " + RATIO));
    }

    @ParameterizedTest(name = "bench/{0}")
    @MethodSource("commands")
    void printsItsTableWithRatios(String bench, Map<String, String> settings, String header, String row)
            throws Exception {
        assertThat(JAR).as("run after package").exists();
        Path out = Files.createTempFile("bench-" + bench, ".txt");
        try {
            ProcessBuilder command = new ProcessBuilder(List.of(REPO.resolve("bench").resolve(bench).toString()))
                    .directory(REPO.toFile()).redirectErrorStream(true).redirectOutput(out.toFile());
            command.environment().put("JAVA_HOME", System.getProperty("java.home"));
            // The services a bench starts take no version pictures here: a Chromium per publish is a load beside
            // the one measured, and this test only checks that each command runs and prints its table.
            command.environment().put("SITES_PICTURES", "false");
            command.environment().putAll(settings);
            Process process = command.start();
            boolean ended = process.waitFor(10, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            }
            String printed = Files.readString(out);
            assertThat(ended).as("bench/%s ended:%n%s", bench, printed).isTrue();
            assertThat(process.exitValue()).as("bench/%s:%n%s", bench, printed).isZero();
            assertThat(printed).as("bench/%s printed its table", bench).contains(header);
            assertThat(Pattern.compile(row).matcher(printed).find())
                    .as("bench/%s printed a row with its ratio:%n%s", bench, printed).isTrue();
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
