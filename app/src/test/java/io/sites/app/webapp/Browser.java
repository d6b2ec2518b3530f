package io.sites.app.webapp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A minimal browser for the web application's HTTP tests: a cookie jar, no automatic redirects, forms posted
 * with the CSRF token of the last page read, and a chosen source address (127.0.0.x), so that the sign-in
 * throttle of one test does not reach another.
 */
public final class Browser {
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private int port;
    private final HttpClient client;
    private String csrf;

    public Browser(int port, String sourceAddress) {
        this.port = port;
        try {
            this.client = HttpClient.newBuilder().cookieHandler(new CookieManager())
                    .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5))
                    .localAddress(InetAddress.getByName(sourceAddress)).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Goes on talking to another replica, with the same cookies (a load balancer's next pick). */
    Browser switchTo(int otherPort) {
        this.port = otherPort;
        return this;
    }

    public HttpResponse<String> get(String path) {
        HttpResponse<String> response = send(request(path).GET());
        Matcher m = CSRF.matcher(response.body());
        if (m.find()) {
            csrf = m.group(1);
        }
        return response;
    }

    /** POSTs the form with the CSRF token of the last page read (unless the fields name one themselves). */
    public HttpResponse<String> post(String path, Map<String, String> fields) {
        Map<String, String> all = new LinkedHashMap<>(fields);
        if (csrf != null) {
            all.putIfAbsent("_csrf", csrf);
        }
        return postRaw(path, all);
    }

    HttpResponse<String> postRaw(String path, Map<String, String> fields) {
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        HttpResponse<String> response = send(request(path).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body)));
        Matcher m = CSRF.matcher(response.body());
        if (m.find()) {
            csrf = m.group(1);
        }
        return response;
    }

    /**
     * POSTs a multipart form as a browser sends a file input: the fields (with the CSRF token of the last page read)
     * and one file part, streamed from {@code file}.
     */
    public HttpResponse<String> postFile(String path, Map<String, String> fields, String fileField, Path file) {
        return postFiles(path, fields, fileField, List.of(file));
    }

    /**
     * As {@link #postFile}, with one part for each of {@code files} under the same field (a chosen folder); a
     * {@code paths} field, if given, goes first, one value per line.
     */
    public HttpResponse<String> postFiles(String path, Map<String, String> fields, String fileField,
            List<Path> files) {
        Map<String, String> all = new LinkedHashMap<>(fields);
        if (csrf != null) {
            all.putIfAbsent("_csrf", csrf);
        }
        String boundary = "----sites-test-" + System.nanoTime();
        StringBuilder head = new StringBuilder();
        all.forEach((name, value) -> {
            for (String each : name.equals("paths") ? value.split("\n") : new String[] {value}) {
                head.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"")
                        .append(name).append("\"\r\n\r\n").append(each).append("\r\n");
            }
        });
        List<HttpRequest.BodyPublisher> parts = new ArrayList<>(List.of(
                HttpRequest.BodyPublishers.ofString(head.toString())));
        try {
            for (Path file : files) {
                parts.add(HttpRequest.BodyPublishers.ofString("--" + boundary + "\r\nContent-Disposition: "
                        + "form-data; name=\"" + fileField + "\"; filename=\"" + file.getFileName()
                        + "\"\r\nContent-Type: application/octet-stream\r\n\r\n"));
                parts.add(HttpRequest.BodyPublishers.ofFile(file));
                parts.add(HttpRequest.BodyPublishers.ofString("\r\n"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        parts.add(HttpRequest.BodyPublishers.ofString("--" + boundary + "--\r\n"));
        HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.concat(
                parts.toArray(HttpRequest.BodyPublisher[]::new));
        HttpResponse<String> response = send(request(path).timeout(Duration.ofSeconds(300))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary).POST(body));
        Matcher m = CSRF.matcher(response.body());
        if (m.find()) {
            csrf = m.group(1);
        }
        return response;
    }

    /** Signs up (which signs in) and returns the redirect. */
    public HttpResponse<String> signUp(String username, String password) {
        get("/app/signup");
        return post("/app/signup", Map.of("username", username, "password", password));
    }

    public HttpResponse<String> signIn(String username, String password) {
        get("/app/login");
        return post("/app/login", Map.of("username", username, "password", password));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
