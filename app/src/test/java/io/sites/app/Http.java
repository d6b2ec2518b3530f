package io.sites.app;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Real HTTP against the running server. Site hosts are reached by sending their Host header to loopback. */
public final class Http {
    public static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final int port;

    public Http(int port) {
        this.port = port;
    }

    /** The port the service answers on (a browser session on the same service needs it). */
    public int port() {
        return port;
    }

    public record Response(int status, HttpResponse<byte[]> raw) {
        public String text() {
            return new String(raw.body(), java.nio.charset.StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            return JSON.readTree(raw.body());
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    public Response get(String path, String token) {
        return send(builder(path, token).GET());
    }

    public Response post(String path, String token, Object body) {
        byte[] bytes = body instanceof String text ? text.getBytes(java.nio.charset.StandardCharsets.UTF_8)
                : JSON.writeValueAsBytes(body);
        return send(builder(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)));
    }

    /** A JSON POST with extra headers as name, value pairs (a name given twice is sent twice). */
    public Response post(String path, String token, Object body, String... headers) {
        byte[] bytes = body instanceof String text ? text.getBytes(java.nio.charset.StandardCharsets.UTF_8)
                : JSON.writeValueAsBytes(body);
        HttpRequest.Builder builder = builder(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return send(builder);
    }

    /** A POST of raw bytes (a compressed body, say) with extra headers as name, value pairs. */
    public Response postBytes(String path, String token, String contentType, byte[] body, String... headers) {
        HttpRequest.Builder builder = builder(path, token).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return send(builder);
    }

    public Response send(String method, String path, String token, String contentType, String body) {
        HttpRequest.Builder builder = builder(path, token)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        return send(builder);
    }

    /** Sends the body chunked (no Content-Length), as a client streaming it would. */
    public Response sendChunked(String method, String path, String token, String contentType, String body) {
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return send(builder(path, token).header("Content-Type", contentType).method(method,
                HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(bytes))));
    }

    /** POST one JSON-RPC message to /mcp with the headers the Streamable HTTP transport requires. */
    public Response mcp(String token, String message) {
        return send(builder("/mcp", token).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message)));
    }

    /** PUT raw bytes without a token, as a client does to an upload slot's putUrl (only its path is used). */
    public Response putBytes(String url, String contentType, byte[] body) {
        HttpRequest.Builder builder = builder(URI.create(url).getRawPath(), null)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        return send(builder);
    }

    /** GET a path on a site host, as a browser at http://{slug}.localhost would. */
    public Response site(String slug, String path) {
        return site(slug, "GET", path);
    }

    public Response site(String slug, String method, String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Host", slug + ".localhost:" + port)
                .method(method, HttpRequest.BodyPublishers.noBody()));
    }

    /** A request to any host name on this server (site hosts, previews), with extra headers as name, value pairs. */
    public Response onHost(String host, String method, String path, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Host", host + ":" + port)
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return send(builder);
    }

    /**
     * Bytes no HTTP client would send (raw non-ASCII, NUL, malformed targets) on a socket of their own; the
     * response as ISO-8859-1 text, up to the server's close or 10 s of silence.
     */
    public String raw(String request) {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(out);
            } catch (java.net.SocketTimeoutException | java.net.SocketException endOfAnswer) {
                // a connection kept open, or reset after the answer: what arrived is the answer
            }
            return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder builder(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private static Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
