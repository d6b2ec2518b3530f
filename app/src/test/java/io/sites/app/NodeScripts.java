package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real clients in {@code src/test/js} (the MCP TypeScript SDK, Playwright with Debian's Chromium) on the
 * machine's Node. The packages come from the committed lock file, installed once per checkout with {@code npm ci}.
 */
public final class NodeScripts {
    public static final Path DIR = Path.of("src/test/js").toAbsolutePath();
    private static boolean installed;

    private NodeScripts() {
    }

    /** What a script printed and how it ended. */
    public record Outcome(int exitCode, String stdout, String stderr) {
        public Outcome succeeded() {
            assertThat(exitCode).as("node exited with %d%nstdout:%n%s%nstderr:%n%s", exitCode, stdout, stderr)
                    .isZero();
            return this;
        }
    }

    /** Runs {@code node <script> <args...>} in the js folder, with extra environment, within the timeout. */
    public static Outcome run(String script, Map<String, String> env, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        install();
        List<String> command = new ArrayList<>(List.of("node", script));
        command.addAll(List.of(args));
        return exec(command, env, timeoutSeconds);
    }

    /**
     * Installs the packages unless they are current, under a lock on a file beside them: the test JVMs (surefire
     * forks) share the folder, and two {@code npm ci} at once leave a tree of half one and half the other.
     */
    private static synchronized void install() throws IOException, InterruptedException {
        if (installed) {
            return;
        }
        Path lock = DIR.resolve("package-lock.json");
        Path marker = DIR.resolve("node_modules/.package-lock.json");
        try (FileChannel channel = FileChannel.open(DIR.resolve(".install-lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = channel.lock()) {
            if (!Files.exists(marker)
                    || Files.getLastModifiedTime(marker).compareTo(Files.getLastModifiedTime(lock)) < 0) {
                exec(List.of("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"), Map.of(), 600).succeeded();
            }
        }
        installed = true;
    }

    private static Outcome exec(List<String> command, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        File out = File.createTempFile("node-out", ".txt");
        File err = File.createTempFile("node-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(DIR.toFile())
                    .redirectOutput(out).redirectError(err);
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError(command + " did not finish within " + timeoutSeconds + " s\nstdout:\n"
                        + Files.readString(out.toPath(), StandardCharsets.UTF_8) + "\nstderr:\n"
                        + Files.readString(err.toPath(), StandardCharsets.UTF_8));
            }
            return new Outcome(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                    Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } finally {
            out.delete();
            err.delete();
        }
    }
}
