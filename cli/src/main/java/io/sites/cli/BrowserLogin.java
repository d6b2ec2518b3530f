package io.sites.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code sites login} without a token: the OAuth 2.1 authorization code flow with PKCE on a loopback redirect
 * (RFC 8252), as {@code gh auth login --web} does. It listens on 127.0.0.1 on a port the system picks, sends the
 * person's browser to the authorization endpoint (and prints the address, for a browser elsewhere), waits for the
 * one redirect back, refuses it unless {@code state} is the one it sent, and redeems the code with the verifier.
 */
final class BrowserLogin {
    static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String CALLBACK = "/callback";

    private final AuthorizationServer server;
    private final Consumer<URI> browser;
    private final java.io.PrintStream err;

    BrowserLogin(AuthorizationServer server, Consumer<URI> browser, java.io.PrintStream err) {
        this.server = server;
        this.browser = browser;
        this.err = err;
    }

    /** The tokens of a completed sign-in at the service whose endpoints these are. */
    AuthorizationServer.Tokens signIn(AuthorizationServer.Endpoints endpoints) {
        String verifier = random();
        String state = random();
        CompletableFuture<String> code = new CompletableFuture<>();
        HttpServer listener = listen(exchange -> answer(exchange, state, code));
        try {
            URI redirect = URI.create("http://127.0.0.1:" + listener.getAddress().getPort() + CALLBACK);
            URI authorize = authorizeUri(endpoints.authorization(), redirect, challenge(verifier), state);
            err.println("Sign in and approve in your browser; if it does not open, visit:");
            err.println("  " + authorize);
            browser.accept(authorize);
            return server.exchange(endpoints.token(), await(code), redirect, verifier);
        } finally {
            listener.stop(0);
        }
    }

    private static HttpServer listen(com.sun.net.httpserver.HttpHandler handler) {
        try {
            HttpServer listener = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
            listener.createContext(CALLBACK, handler);
            listener.start();
            return listener;
        } catch (IOException e) {
            throw new Failure(Exit.NETWORK, "Could not listen on 127.0.0.1 for the sign-in's redirect: "
                    + e.getMessage());
        }
    }

    // The first redirect decides: a wrong state is a forged or stale request, and the login stops (as gh's does).
    private static void answer(HttpExchange exchange, String state, CompletableFuture<String> code) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI());
        String page;
        int status;
        if (!state.equals(query.get("state"))) {
            status = 400;
            page = "This sign-in was not started by this sites login; it is refused. You can close this tab.";
            code.completeExceptionally(new Failure(Exit.AUTH,
                    "The sign-in's redirect carried another state than this login sent: refused (run sites login again)."));
        } else if (query.containsKey("error")) {
            status = 400;
            page = "Sign-in not completed (" + query.get("error") + "). You can close this tab.";
            code.completeExceptionally(new Failure(Exit.AUTH, "The sign-in was not approved ("
                    + query.get("error") + (query.containsKey("error_description") ? ": "
                    + query.get("error_description") : "") + ")."));
        } else if (query.get("code") == null || query.get("code").isBlank()) {
            status = 400;
            page = "The redirect carried no code. You can close this tab.";
            code.completeExceptionally(new Failure(Exit.AUTH, "The sign-in's redirect carried no code."));
        } else {
            status = 200;
            page = "Signed in: you can close this tab and return to the terminal.";
            code.complete(query.get("code"));
        }
        byte[] body = ("<!doctype html><meta charset=utf-8><title>sites login</title><p>" + page)
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String await(CompletableFuture<String> code) {
        try {
            return code.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new Failure(Exit.AUTH, "No sign-in within " + TIMEOUT.toMinutes() + " minutes: run sites login again.");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Failure failure ? failure : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Exit.AUTH, "Interrupted while waiting for the sign-in.");
        }
    }

    private static URI authorizeUri(URI endpoint, URI redirect, String challenge, String state) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", AuthorizationServer.CLIENT_ID);
        query.put("redirect_uri", redirect.toString());
        query.put("scope", AuthorizationServer.SCOPE);
        query.put("code_challenge", challenge);
        query.put("code_challenge_method", "S256");
        query.put("state", state);
        String joined = query.entrySet().stream().map(e -> Api.encode(e.getKey()) + "=" + Api.encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return URI.create(endpoint + (endpoint.getRawQuery() == null ? "?" : "&") + joined);
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String challenge(String verifier) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> query = new LinkedHashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                query.putIfAbsent(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return query;
    }
}
