package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * 50 MB + 1 byte sent to a putUrl of a service running in its own JVM with a 128 MB heap that exits on
 * OutOfMemoryError: the body is refused while it streams, and the service is still alive and answering afterwards.
 * Test classes are left off the child's classpath, so no test-only bean can be in it.
 */
class LargeUploadOnSmallHeapTest {
    private static final long LIMIT = 52_428_800L;
    private static final String TOKEN = PostgresAppTest.ALICE;
    private static Process service;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
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
                "-Xmx128m", "-XX:+ExitOnOutOfMemoryError", "-cp", classpath, SitesApplication.class.getName());
        builder.environment().putAll(Map.of("SERVER_PORT", Integer.toString(port), "SITES_DATA_DIR", data.toString(),
                "SITES_SEED_TOKENS", "alice=" + TOKEN, "SERVER_ADDRESS", "127.0.0.1"));
        builder.redirectErrorStream(true).redirectOutput(data.resolve("service.log").toFile());
        service = builder.start();
        Http http = new Http(port);
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            assertThat(service.isAlive()).as("service started; log in " + data).isTrue();
            try {
                if (http.get("/v1", null).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("service ready in time").isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.destroy();
            service.waitFor();
        }
    }

    @Test
    void fiftyMegabytesAndOneByteAreRefusedWhileStreamingOnASmallHeap() throws Exception {
        Http http = new Http(port);
        Http.Response allocated = http.post("/v1/uploads", TOKEN,
                Map.of("files", List.of(Map.of("path", "video/big.mp4"))));
        assertThat(allocated.status()).as(allocated.text()).isEqualTo(201);
        JsonNode slot = allocated.json().get("uploads").get(0);
        String path = URI.create(slot.get("putUrl").asString()).getRawPath();

        HttpResponse<String> refused = putStreamed(path, LIMIT + 1);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        assertThat(Http.JSON.readTree(refused.body()).get("error").get("code").asString())
                .isEqualTo("FILE_TOO_LARGE");
        assertThat(service.isAlive()).isTrue();

        HttpResponse<String> accepted = putStreamed(path, LIMIT);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(Http.JSON.readTree(accepted.body()).get("size").asLong()).isEqualTo(LIMIT);
        assertThat(service.isAlive()).as("no OutOfMemoryError on a 128 MB heap").isTrue();
    }

    @Test
    void fourConcurrentFiftyMegabyteUploadsFitInA128MegabyteHeap() throws Exception {
        // Held in memory, four bodies of 50 MB would need more than the whole heap; streamed, they need buffers.
        Http http = new Http(port);
        List<Map<String, Object>> files = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            files.add(Map.of("path", "video/part" + i + ".mp4", "size", LIMIT));
        }
        Http.Response allocated = http.post("/v1/uploads", TOKEN, Map.of("files", files));
        assertThat(allocated.status()).as(allocated.text()).isEqualTo(201);
        List<java.util.concurrent.Callable<HttpResponse<String>>> puts = new java.util.ArrayList<>();
        for (JsonNode slot : allocated.json().get("uploads")) {
            String path = URI.create(slot.get("putUrl").asString()).getRawPath();
            puts.add(() -> putStreamed(path, LIMIT));
        }
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(4)) {
            for (var response : pool.invokeAll(puts)) {
                assertThat(response.get().statusCode()).as(response.get().body()).isEqualTo(200);
            }
        }
        assertThat(service.isAlive()).as("no OutOfMemoryError on a 128 MB heap").isTrue();
    }

    /** A chunked body of generated bytes (no Content-Length), so only counting while reading can stop it. */
    private static HttpResponse<String> putStreamed(String path, long size) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(120))
                .header("Content-Type", "video/mp4")
                .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new Generated(size)))
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static final class Generated extends InputStream {
        private long left;

        Generated(long size) {
            this.left = size;
        }

        @Override
        public int read() {
            return left-- > 0 ? 'x' : -1;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(length, left);
            Arrays.fill(buffer, offset, offset + n, (byte) (left % 251));
            left -= n;
            return n;
        }
    }
}
