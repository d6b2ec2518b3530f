package io.sites.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service's REST interface over the JDK's HTTP client: JSON in and out, the bearer token on every call but the
 * upload PUT (whose URL is its credential), never over plain http off this computer unless --insecure, renewed and the call repeated once when the API refuses an expired
 * OAuth token ({@link Credential}), and each kind of failure turned into its exit code here, once.
 */
final class Api {
    static final JsonMapper JSON = JsonMapper.builder().build();
    // A publish of a large bundle takes a while on the server; the connection itself must come quickly.
    private static final Duration CONNECT = Duration.ofSeconds(10);
    private static final Duration REQUEST = Duration.ofMinutes(10);
    private static final int ATTEMPTS = 3;
    /**
     * JSON bodies above this go with Content-Encoding: gzip: a big folder's manifest of digests halves, its pages
     * shrink to a fifth, and the service inflates it within its request limit.
     */
    static final int COMPRESS_ABOVE = 64 * 1024;
    /**
     * Past its first MB, a body that shrinks more than this (so far, at any point) goes as it is: the service takes
     * a body inflating more than 100 times what it received for a gzip bomb (413), and such text is rare but real.
     */
    static final int MAX_RATIO = 50;
    private static final int RATIO_FREE_BYTES = 1024 * 1024;

    /** One answer: its status and its JSON body (an empty object when there was none). */
    record Response(int status, JsonNode body) {
        boolean ok() {
            return status / 100 == 2;
        }

        String errorCode() {
            return body.path("error").path("code").asString("");
        }
    }

    private final URI base;
    private final Credential credential;
    private final boolean insecure;
    private final HttpClient client;

    /** {@code insecure}: plain http to an address that is not loopback is allowed ({@link Origin#requireSecure}). */
    Api(URI base, Credential credential, boolean insecure) {
        this.base = base;
        this.credential = credential;
        this.insecure = insecure;
        // Redirects are never followed (the client's default): a redirect must not carry the token elsewhere.
        this.client = HttpClient.newBuilder().connectTimeout(CONNECT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    URI base() {
        return base;
    }

    /** A path of the API against its base, which may carry a prefix of its own (https://host/sites/). */
    URI resolve(String path) {
        String base = this.base.toString();
        return URI.create((base.endsWith("/") ? base : base + "/") + (path.startsWith("/") ? path.substring(1) : path));
    }

    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** GET that must succeed. */
    JsonNode get(String path) {
        return require(authorized(request(path).GET()));
    }

    /** POST of a JSON body; the caller decides what a refusal means (a publish reads its violations). */
    Response post(String path, Object body) {
        return post(path, body, null);
    }

    /** As {@link #post(String, Object)}, with an Idempotency-Key: a resend of the same call gets the first answer. */
    Response post(String path, Object body, String idempotencyKey) {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json");
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        byte[] json = JSON.writeValueAsBytes(body);
        if (json.length > COMPRESS_ABOVE) {
            byte[] compressed = gzip(json);
            if (compressed != null) {
                request.header("Content-Encoding", "gzip");
                json = compressed;
            }
        }
        return authorized(request.POST(HttpRequest.BodyPublishers.ofByteArray(json)));
    }

    /**
     * The body gzip-compressed, or null where some part of it, from the start, shrinks past {@link #MAX_RATIO}
     * beyond its first MB: the service checks the ratio as the body arrives, so a long run of repeated text ahead
     * of anything else is refused even when the whole would pass.
     */
    private static byte[] gzip(byte[] bytes) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(bytes.length / 3);
        int step = 64 * 1024;
        // Flushed at each step, so what is out so far is what the service will have received for it.
        try (java.util.zip.GZIPOutputStream zip = new java.util.zip.GZIPOutputStream(out, step, true)) {
            for (int at = 0; at < bytes.length; at += step) {
                int length = Math.min(step, bytes.length - at);
                zip.write(bytes, at, length);
                zip.flush();
                long inflated = (long) at + length;
                if (inflated > RATIO_FREE_BYTES && (long) out.size() * MAX_RATIO < inflated) {
                    return null;
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // in memory: cannot happen
        }
        return out.toByteArray();
    }

    /**
     * A POST that changes something, under an Idempotency-Key: resent with the same key after a lost answer, a 5xx
     * or 409 IDEMPOTENCY_IN_PROGRESS, up to {@value #ATTEMPTS} times in all, so a publish that did happen is answered
     * again rather than made twice.
     */
    Response postOnce(String path, Object body, String idempotencyKey) {
        for (int attempt = 1; ; attempt++) {
            try {
                Response response = post(path, body, idempotencyKey);
                boolean again = response.status() >= 500 || response.status() == 409
                        && "IDEMPOTENCY_IN_PROGRESS".equals(response.errorCode());
                if (!again || attempt == ATTEMPTS) {
                    return response;
                }
            } catch (Failure failure) {
                if (failure.exit != Exit.NETWORK || attempt == ATTEMPTS) {
                    throw failure;
                }
            }
            pause(attempt);
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(Duration.ofSeconds(attempt).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Exit.NETWORK, "Interrupted while retrying.");
        }
    }

    /** PATCH of a JSON body that must succeed (the owner's settings). */
    JsonNode patch(String path, Object body) {
        return require(authorized(request(path).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))));
    }

    /** DELETE that must succeed. */
    void delete(String path) {
        require(authorized(request(path).DELETE()));
    }

    /** The bytes of a file to an upload slot's putUrl, without the token: the URL is the credential. */
    void put(URI putUrl, String contentType, Path file) {
        try {
            require(send(HttpRequest.newBuilder(putUrl).timeout(REQUEST).header("Content-Type", contentType)
                    .PUT(HttpRequest.BodyPublishers.ofFile(file))));
        } catch (java.io.FileNotFoundException e) {
            throw new Failure(Exit.USAGE, "The file " + file + " went away while publishing.");
        }
    }

    /** The answer's body when it is a success; otherwise the failure its status means. */
    static JsonNode require(Response response) {
        if (response.ok()) {
            return response.body();
        }
        throw refusal(response);
    }

    static Failure refusal(Response response) {
        JsonNode error = response.body().path("error");
        String message = error.path("message").asString("The service answered " + response.status() + ".");
        // An editor asking for what only the owner may do is refused, not logged out.
        if (response.status() == 401 || response.status() == 403 && !"FORBIDDEN".equals(response.errorCode())) {
            return new Failure(Exit.AUTH, message + " Log in again: sites login (or pass --token, or set SITES_TOKEN).",
                    response.body());
        }
        if (response.status() >= 500) {
            return new Failure(Exit.NETWORK, message, response.body());
        }
        return new Failure(Exit.REFUSED, message, response.body());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(resolve(path)).timeout(REQUEST).header("Accept", "application/json");
    }

    // The request is built twice at most: a refused OAuth access token is renewed and the call made again.
    private Response authorized(HttpRequest.Builder request) {
        Response response = send(withToken(request.copy(), credential.token()));
        if (response.status() == 401 && credential.renew()) {
            response = send(withToken(request, credential.token()));
        }
        return response;
    }

    private HttpRequest.Builder withToken(HttpRequest.Builder request, String token) {
        if (token == null || token.isBlank()) {
            throw new Failure(Exit.AUTH, credential.missing());
        }
        return request.header("Authorization", "Bearer " + token);
    }

    private Response send(HttpRequest.Builder request) {
        HttpRequest built = request.build();
        Origin.requireSecure(built.uri(), insecure); // the API address was checked; an upload's putUrl is here
        HttpResponse<byte[]> response;
        try {
            response = client.send(built, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new Failure(Exit.NETWORK, "Could not reach the API at " + base + " (" + describe(e) + ").");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Exit.NETWORK, "Interrupted while talking to " + base + ".");
        }
        return new Response(response.statusCode(), parse(response.body()));
    }

    private static JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(body);
        } catch (JacksonException notJson) {
            return JSON.createObjectNode();
        }
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
