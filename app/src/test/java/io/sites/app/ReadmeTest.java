package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The README followed literally: its blocks marked {@code <!-- ReadmeTest: name -->} run with bash as pasted, at the
 * repository's root (the first screen's ./sites-server included, which the publish block starts on a fresh data
 * directory and a free port), every curl failing on an error status; the refused bundle's answer is the one the
 * README shows, and the blocks leave no file in the repository. Runs after package (its own surefire execution in
 * app/pom.xml), on the jar a reader gets.
 */
class ReadmeTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final String REFUSED = "::refused::";

    @TempDir
    Path temp;

    @Test
    void theReadmeRunsAsWritten() throws Exception {
        assertThat(REPO.resolve("app/target/app-0.1.0-SNAPSHOT.jar")).as("run after package").exists();
        String readme = Files.readString(REPO.resolve("README.md"));
        String script = String.join("\n",
                "set -eo pipefail",
                "trap 'if [ -n \"${SITES_PID:-}\" ]; then kill $SITES_PID; wait $SITES_PID || true; fi' EXIT",
                "curl() { command curl --fail-with-body \"$@\"; }",
                block(readme, "publish"),
                block(readme, "uploads"),
                block(readme, "digests"),
                block(readme, "reading"),
                "echo " + REFUSED,
                "curl() { command curl -w '\\n%{http_code}' \"$@\"; }",
                block(readme, "refused"),
                "");
        Files.writeString(temp.resolve("readme.sh"), script);
        // In the reader's working directory, the repository's root: what the blocks write must land in their
        // scratch directory ($WORK, under TMPDIR), never in the work tree.
        Set<String> before = workTree();
        Path out = temp.resolve("out.txt");
        ProcessBuilder bash = new ProcessBuilder("bash", temp.resolve("readme.sh").toString()).directory(REPO.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        bash.environment().putAll(Map.of("PORT", Integer.toString(freePort()), "TMPDIR", temp.toString()));
        Process process = bash.start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the README's blocks ended; output in " + out).isTrue();
        String said = Files.readString(out);
        assertThat(process.exitValue()).as("every command succeeded:\n" + said + "\nservice log:\n" + serviceLog())
                .isZero();

        assertThat(workTree()).as("the blocks left nothing in the repository").isSubsetOf(before);

        String published = said.substring(0, said.indexOf(REFUSED));
        assertThat(published).contains("\"slug\":\"my-bakery\"", "<h1>Fresh bread</h1>", "\"type\":\"version.promoted\"",
                "\"detail\":\"line 1: menu.html\"", "204\nLive: ", "\"path\":\"images/hero.png\",\"size\":70", "Live: http://my-bakery.",
                "\"version\":3", "\"version\":4", "\"openapi\":\"3.1");
        // The start a reader sees: the addresses, nothing alarming (no framework banner or warning, no JVM warning).
        String started = serviceLog();
        assertThat(started).contains("Sites is ready", "  Web application ")
                .doesNotContain("AxonIQ Console", "in memory token store", "WARNING:", "verified with", " WARN ",
                        " ERROR ");
        String[] refused = said.substring(said.indexOf(REFUSED) + REFUSED.length()).strip().split("\n");
        assertThat(refused[refused.length - 1]).isEqualTo("422");
        JsonNode answer = Http.JSON.readTree(String.join("\n", java.util.Arrays.copyOf(refused, refused.length - 1)));
        assertThat(answer).isEqualTo(Http.JSON.readTree(block(readme, "refused answer")));
    }

    /**
     * The first screen's two commands are the ones a newcomer runs and CI proves: ./sites-server above, ./test for
     * the tests, which .ci/run calls and which itself calls Maven's verify.
     */
    @Test
    void theFirstScreenNamesTheTestCommandThatCiRuns() throws IOException {
        String firstScreen = String.join("\n", Files.readAllLines(REPO.resolve("README.md")).subList(0, 30));
        Matcher commands = Pattern.compile("```sh\\n(.*?)\\n```", Pattern.DOTALL).matcher(firstScreen);
        assertThat(commands.find()).as("the first screen has a shell block").isTrue();
        assertThat(commands.group(1).lines().filter(line -> !line.isBlank() && !line.startsWith("#")))
                .containsExactly("./sites-server", "./test");
        assertThat(Files.isExecutable(REPO.resolve("test"))).isTrue();
        assertThat(Files.readAllLines(REPO.resolve(".ci/run"))).as(".ci/run runs the README's test command")
                .anyMatch(line -> line.strip().equals("./test"));
        assertThat(Files.readString(REPO.resolve("test"))).contains("./mvnw -B -ntp verify \"$@\"");
    }

    /** The fenced block after the marker {@code <!-- ReadmeTest: name -->}. */
    static String block(String readme, String name) {
        Matcher block = Pattern.compile("<!-- ReadmeTest: " + Pattern.quote(name) + " -->\\n```\\w*\\n(.*?)\\n```",
                Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("README.md has the block " + name).isTrue();
        return block.group(1);
    }

    /** The service's log, in the blocks' scratch directory under TMPDIR. */
    private String serviceLog() throws IOException {
        try (Stream<Path> files = Files.walk(temp)) {
            Optional<Path> log = files.filter(file -> file.getFileName().toString().equals("sites-server.log"))
                    .findFirst();
            return log.isPresent() ? Files.readString(log.get()) : "(none)";
        }
    }

    /**
     * What git sees in the work tree beside its tracked, unchanged files: changed, untracked and ignored entries
     * (an ignored directory as one entry), as {@code git status --porcelain --ignored} lists them.
     */
    private static Set<String> workTree() throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "status", "--porcelain", "--ignored").directory(REPO.toFile())
                .redirectErrorStream(true).start();
        String listed = new String(git.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(git.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(listed).isZero();
        return new TreeSet<>(listed.lines().toList());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
