package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The service in a JVM of its own with a small heap that exits on OutOfMemoryError, for tests of memory bounds. Test
 * classes are left off the child's classpath, so no test-only bean can be in it.
 */
final class SmallHeapService implements AutoCloseable {
    static final String TOKEN = PostgresAppTest.ALICE;

    private final Process process;
    private final int port;
    private final Path data;

    private SmallHeapService(Process process, int port, Path data) {
        this.process = process;
        this.port = port;
        this.data = data;
    }

    /** Starts the service with {@code -Xmx<heap>} on the embedded default and waits until it answers. */
    static SmallHeapService start(String heap) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path data = Files.createTempDirectory("sites-small-heap");
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        // Surefire exposes the real classpath (not its manifest-only booter jar), so test classes are really left out.
        assertThat(classpath.split(File.pathSeparator)).hasSizeGreaterThan(10)
                .anyMatch(entry -> entry.replace('\\', '/').endsWith("app/target/classes"))
                .noneMatch(entry -> entry.contains("test-classes"));
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError", "-Xlog:gc:file=" + data.resolve("gc.log"),
                "-cp", classpath, SitesApplication.class.getName());
        builder.environment().putAll(Map.of("SERVER_PORT", Integer.toString(port), "SITES_DATA_DIR", data.toString(),
                "SITES_SEED_TOKENS", "alice=" + TOKEN, "SERVER_ADDRESS", "127.0.0.1"));
        builder.redirectErrorStream(true).redirectOutput(data.resolve("service.log").toFile());
        SmallHeapService service = new SmallHeapService(builder.start(), port, data);
        Http http = service.http();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            assertThat(service.isAlive()).as("service started; log in " + data).isTrue();
            try {
                if (http.get("/v1", null).status() == 200) {
                    return service;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("service ready in time").isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    int port() {
        return port;
    }

    Http http() {
        return new Http(port);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The service's log, for assertions messages. */
    Path log() {
        return data.resolve("service.log");
    }

    /** The collector's log: heap before and after each collection, to see how close a test came to the limit. */
    Path gcLog() {
        return data.resolve("gc.log");
    }

    /** Stops the service and deletes what it stored (hundreds of megabytes of blobs); its logs stay. */
    @Override
    public void close() throws Exception {
        process.destroy();
        process.waitFor();
        for (String stored : new String[] {"blobs", "db", "tmp", "site-directory"}) {
            Path dir = data.resolve(stored);
            if (Files.exists(dir)) {
                try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
                    for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }
}
