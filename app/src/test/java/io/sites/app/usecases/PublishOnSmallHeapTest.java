package io.sites.app.usecases;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Inline publishes within the documented limits on a 512 MB heap that exits on OutOfMemoryError: concurrent large
 * bodies are admitted while memory allows and answered 503 with Retry-After beyond it, never an OutOfMemoryError;
 * bodies over the request cap are 413 on /v1 and /mcp alike, however they are sent.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PublishOnSmallHeapTest {
    private static final int FILE_BYTES = 40 * 1024 * 1024;
    private static final int CONCURRENT = 5;
    private static final long OVER_CAP = 300L * 1024 * 1024;
    private static ServiceProcess service;

    @BeforeAll
    static void start() throws Exception {
        service = ServiceProcess.onSmallHeap("512m");
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.close();
        }
    }

    @Test
    @Order(1)
    void fiveConcurrentFortyMegabyteFilesInlineAreAdmittedOrTurnedAwayNeverOutOfMemory() throws Exception {
        List<Callable<HttpResponse<String>>> publishes = new ArrayList<>();
        for (int i = 0; i < CONCURRENT; i++) {
            int seed = i;
            // Some bodies declare their length, the others are chunked: both ways in must be bounded.
            publishes.add(() -> post("/v1/websites", () -> website(seed), seed % 2 == 0 ? bodyLength() : -1));
        }
        List<HttpResponse<String>> answers = new ArrayList<>();
        int broken = 0;
        try (var pool = Executors.newFixedThreadPool(CONCURRENT)) {
            for (Future<HttpResponse<String>> answer : pool.invokeAll(publishes)) {
                try {
                    answers.add(answer.get());
                } catch (java.util.concurrent.ExecutionException connectionLost) {
                    broken++;
                }
            }
        }
        int created = 0;
        int busy = 0;
        int serverErrors = 0;
        for (HttpResponse<String> answer : answers) {
            switch (answer.statusCode()) {
                case 201 -> created++;
                case 503 -> busy++;
                default -> serverErrors += answer.statusCode() >= 500 ? 1 : 0;
            }
        }
        int oom = !service.alive() || Files.readString(service.log()).contains("OutOfMemoryError") ? 1 : 0;
        System.out.println("ADVERSARIAL memory: heap=512m concurrent=" + CONCURRENT + " created=" + created
                + " busy503=" + busy + " 5xx=" + (serverErrors + broken) + " oom=" + oom);
        assertThat(oom).as("no OutOfMemoryError; logs in " + service.log() + ", " + service.gcLog()).isZero();
        assertThat(broken).as("every request answered").isZero();
        assertThat(created).as("memory for at least one").isPositive();
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> answer = answers.get(i);
            if (answer.statusCode() == 503) {
                assertThat(answer.headers().firstValue("Retry-After")).isPresent();
                assertThat(Http.JSON.readTree(answer.body()).get("error").get("code").asString())
                        .isEqualTo("SERVER_BUSY");
                continue;
            }
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
            String slug = Http.JSON.readTree(answer.body()).get("slug").asString();
            Http.Response served = service.api().site(slug, "/big.bin");
            assertThat(served.status()).isEqualTo(200);
            byte[] bytes = served.raw().body();
            assertThat(bytes.length).isEqualTo(FILE_BYTES);
            assertThat(sha256(bytes)).as("served byte-exact").isEqualTo(sha256(fileBytes(seedOf(answer))));
        }
        assertThat(service.api().get("/v1", null).status()).isEqualTo(200);
    }

    @Test
    void aChunkedBodyOverTheCapToMcpIsRefusedWithAJsonBody() throws Exception {
        HttpResponse<String> refused = post("/mcp", () -> new SequenceInputStream(ascii("{\"jsonrpc\":\"2.0\","
                + "\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"publish_website\",\"arguments\":{"
                + "\"files\":[{\"path\":\"index.html\",\"content\":\""), new Repeated(OVER_CAP)), -1);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        assertThat(Http.JSON.readTree(refused.body()).get("error").get("message").asString()).isNotBlank();
        assertThat(service.alive()).as("no OutOfMemoryError; log in " + service.log()).isTrue();
    }

    @Test
    void aChunkedBodyOverTheCapToRestIsRefusedAsTooLarge() throws Exception {
        HttpResponse<String> refused = post("/v1/websites", () -> new SequenceInputStream(ascii("{\"name\":\"x\","
                + "\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\""),
                new Repeated(OVER_CAP)), -1);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        assertThat(Http.JSON.readTree(refused.body()).get("error").get("code").asString())
                .isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(service.alive()).as("no OutOfMemoryError; log in " + service.log()).isTrue();
    }

    @Test
    void aBodyOfCountlessTinyFilesIsRefusedForItsMemoryNotRunOutOfIt() throws Exception {
        // Millions of file objects would take gigabytes as records and strings, however small the body's contents.
        String file = "{\"path\":\"a.txt\",\"content\":\"\"},";
        long count = 200L * 1024 * 1024 / file.length();
        HttpResponse<String> refused = post("/v1/websites", () -> new SequenceInputStream(java.util.Collections
                .enumeration(List.of(ascii("{\"category\":\"other\",\"files\":["), new Repeated(file, count),
                        ascii("{\"path\":\"index.html\",\"content\":\"x\"}]}")))), -1);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        assertThat(Http.JSON.readTree(refused.body()).get("error").get("code").asString())
                .isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(service.alive()).as("no OutOfMemoryError; log in " + service.log()).isTrue();
    }

    /** A body generated while sent; {@code length} -1 sends it chunked. */
    private static HttpResponse<String> post(String path, java.util.function.Supplier<InputStream> body, long length)
            throws IOException, InterruptedException {
        HttpRequest.BodyPublisher stream = HttpRequest.BodyPublishers.ofInputStream(body);
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.apiPort() + path))
                .timeout(Duration.ofSeconds(300))
                .header("Authorization", "Bearer " + ServiceProcess.TOKEN)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(length < 0 ? stream : HttpRequest.BodyPublishers.fromPublisher(stream, length))
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static InputStream website(int seed) {
        return new SequenceInputStream(java.util.Collections.enumeration(List.of(ascii(prefix(seed)),
                new Base64Stream(seed), ascii(SUFFIX))));
    }

    private static String prefix(int seed) {
        return "{\"name\":\"Big " + seed + "\",\"category\":\"other\",\"files\":[{\"path\":\"index.html\","
                + "\"content\":\"<p>seed " + seed + "</p>\"},{\"path\":\"big.bin\",\"contentEncoding\":\"base64\","
                + "\"content\":\"";
    }

    private static final String SUFFIX = "\"}]}";

    private static long bodyLength() {
        return prefix(0).length() + (FILE_BYTES + 2L) / 3 * 4 + SUFFIX.length();
    }

    /** Which request a 201 answers: its index page names the seed. */
    private static int seedOf(HttpResponse<String> created) {
        String slug = Http.JSON.readTree(created.body()).get("slug").asString();
        String page = service.api().site(slug, "/").text();
        return Integer.parseInt(page.replaceAll("\\D", ""));
    }

    private static byte[] fileBytes(int seed) {
        byte[] bytes = new byte[FILE_BYTES];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static InputStream ascii(String text) {
        return new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII));
    }

    /** The base64 of {@link #fileBytes}, produced a chunk at a time so five bodies never sit in this JVM at once. */
    private static final class Base64Stream extends InputStream {
        private static final int RAW_CHUNK = 48 * 1024;
        private final SplittableRandom random;
        private long left = FILE_BYTES;
        private byte[] chunk = new byte[0];
        private int at;

        Base64Stream(int seed) {
            this.random = new SplittableRandom(seed);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (at == chunk.length) {
                if (left == 0) {
                    return -1;
                }
                // SplittableRandom.nextBytes fills whole longs at a time, so chunks must be multiples of 8 bytes
                // to continue the same sequence as fileBytes; the last one may be shorter.
                byte[] raw = new byte[(int) Math.min(RAW_CHUNK, left)];
                random.nextBytes(raw);
                left -= raw.length;
                chunk = Base64.getEncoder().encode(raw);
                at = 0;
            }
            int n = Math.min(length, chunk.length - at);
            System.arraycopy(chunk, at, buffer, offset, n);
            at += n;
            return n;
        }
    }

    /** A text repeated, never held at once: {@code size} bytes of 'x', or {@code times} copies of a text. */
    private static final class Repeated extends InputStream {
        private final byte[] unit;
        private final long total;
        private long position;

        Repeated(long size) {
            this("x", size);
        }

        Repeated(String text, long times) {
            this.unit = text.getBytes(StandardCharsets.US_ASCII);
            this.total = times * unit.length;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (position == total) {
                return -1;
            }
            int n = (int) Math.min(length, total - position);
            for (int i = 0; i < n; i++) {
                buffer[offset + i] = unit[(int) ((position + i) % unit.length)];
            }
            position += n;
            return n;
        }
    }
}
