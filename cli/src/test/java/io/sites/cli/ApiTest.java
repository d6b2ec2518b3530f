package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API client against a real HTTP server on loopback: a JSON body above {@link Api#COMPRESS_ABOVE} goes with
 * Content-Encoding: gzip and inflates to exactly the JSON; a smaller one goes as it is, and so does one that would
 * shrink past what the service takes for a gzip bomb.
 */
class ApiTest {
    private record Received(String coding, byte[] body) {
    }

    private final List<Received> received = new ArrayList<>();
    private HttpServer server;

    @TempDir
    Path home;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                received.add(new Received(exchange.getRequestHeaders().getFirst("Content-Encoding"),
                        in.readAllBytes()));
            }
            byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void largeBodiesGoCompressedAndSmallOnesAsTheyAre() throws IOException {
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        Api api = new Api(base, Credential.of("token", Config.of(Map.of("XDG_CONFIG_HOME", home.toString())), base,
                false), false);
        Map<String, String> large = Map.of("manifest", "0123456789abcdef".repeat(Api.COMPRESS_ABOVE / 16 + 1));
        Map<String, String> small = Map.of("manifest", "0123456789abcdef");

        assertThat(api.post("v1/websites", large, "key-1").ok()).isTrue();
        assertThat(api.post("v1/websites", small, "key-2").ok()).isTrue();

        assertThat(received).hasSize(2);
        assertThat(received.get(0).coding()).isEqualTo("gzip");
        assertThat(received.get(0).body().length).as("compressed").isLessThan(Api.COMPRESS_ABOVE / 10);
        try (InputStream inflated = new GZIPInputStream(new java.io.ByteArrayInputStream(received.get(0).body()))) {
            assertThat(inflated.readAllBytes()).isEqualTo(Api.JSON.writeValueAsBytes(large));
        }
        assertThat(received.get(1).coding()).isNull();
        assertThat(received.get(1).body()).isEqualTo(Api.JSON.writeValueAsBytes(small));

        // Two MB of one repeated line would inflate past the service's 100 times: it goes as it is.
        Map<String, String> repeated = Map.of("manifest", "0123456789abcdef".repeat(2 * 1024 * 1024 / 16));
        assertThat(api.post("v1/websites", repeated, "key-3").ok()).isTrue();
        assertThat(received.get(2).coding()).isNull();
        assertThat(received.get(2).body()).isEqualTo(Api.JSON.writeValueAsBytes(repeated));

        // As the service counts as the body arrives: repeated text first, then what does not compress, goes as it is.
        byte[] noise = new byte[600_000];
        new java.util.Random(38).nextBytes(noise);
        Map<String, String> mixed = new java.util.LinkedHashMap<>();
        mixed.put("repeated", "0123456789abcdef".repeat(2 * 1024 * 1024 / 16));
        mixed.put("noise", java.util.Base64.getEncoder().encodeToString(noise));
        assertThat(api.post("v1/websites", mixed, "key-4").ok()).isTrue();
        assertThat(received.get(3).coding()).isNull();
    }
}
