package io.sites.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The service's OAuth authorization server as the command line uses it: its RFC 8414 metadata, the token endpoint
 * (code exchange, refresh) and RFC 7009 revocation, all as the public client {@value #CLIENT_ID}, which every
 * service has pre-registered (no client secret: PKCE and the rotating refresh token are the proof).
 */
final class AuthorizationServer {
    static final String CLIENT_ID = "sites-cli";
    static final String SCOPE = "mcp";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The endpoints of one service, from its metadata. */
    record Endpoints(URI authorization, URI token, URI revocation) {
    }

    /** A token answer: the access token, when it ends, and the next refresh token. */
    record Tokens(String access, String refresh, Instant expiresAt) {
    }

    private final HttpClient client;
    private final boolean insecure;

    /** {@code insecure}: plain http to an endpoint that is not loopback is allowed ({@link Origin#requireSecure}). */
    AuthorizationServer(boolean insecure) {
        this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        this.insecure = insecure;
    }

    /** The endpoints, read from {@code /.well-known/oauth-authorization-server} beside the API. */
    Endpoints discover(Api api) {
        URI metadata = api.resolve(".well-known/oauth-authorization-server");
        JsonNode document = send(HttpRequest.newBuilder(metadata).timeout(TIMEOUT)
                .header("Accept", "application/json").GET().build(), metadata);
        if (!document.path("authorization_endpoint").isString() || !document.path("token_endpoint").isString()) {
            throw new Failure(Exit.NETWORK, "The API at " + api.base() + " published no OAuth authorization server ("
                    + metadata + "): log in with a personal access token: sites login --token TOKEN.");
        }
        Endpoints endpoints = new Endpoints(URI.create(document.get("authorization_endpoint").asString()),
                URI.create(document.get("token_endpoint").asString()),
                document.path("revocation_endpoint").isString()
                        ? URI.create(document.get("revocation_endpoint").asString()) : null);
        Origin.requireSecure(endpoints.authorization(), insecure); // the person's password is typed there
        return endpoints;
    }

    /** The authorization code redeemed with the PKCE verifier. */
    Tokens exchange(URI tokenEndpoint, String code, URI redirectUri, String verifier) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("client_id", CLIENT_ID);
        form.put("code", code);
        form.put("redirect_uri", redirectUri.toString());
        form.put("code_verifier", verifier);
        return tokens(post(tokenEndpoint, form));
    }

    /** A new access token for the refresh token; the refresh token rotates, so the answer carries the next one. */
    Tokens refresh(URI tokenEndpoint, String refreshToken) {
        return tokens(post(tokenEndpoint, Map.of("grant_type", "refresh_token", "client_id", CLIENT_ID,
                "refresh_token", refreshToken)));
    }

    /** RFC 7009: the token and what was issued with it stop working. */
    void revoke(URI revocationEndpoint, String token) {
        post(revocationEndpoint, Map.of("client_id", CLIENT_ID, "token", token));
    }

    /**
     * Revokes a stored browser login (its refresh token, and with it the access token, then the access token itself);
     * false when the login is not one this client can revoke (none, or a personal access token).
     */
    boolean revoke(Config.Stored login) {
        if (login.oauth() == null || login.oauth().revocationEndpoint() == null) {
            return false;
        }
        URI endpoint = URI.create(login.oauth().revocationEndpoint());
        if (login.oauth().refreshToken() != null) {
            revoke(endpoint, login.oauth().refreshToken());
        }
        if (login.token() != null) {
            revoke(endpoint, login.token());
        }
        return true;
    }

    private JsonNode post(URI endpoint, Map<String, String> form) {
        String body = form.entrySet().stream().map(e -> Api.encode(e.getKey()) + "=" + Api.encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), endpoint);
    }

    private static Tokens tokens(JsonNode answer) {
        long expiresIn = answer.path("expires_in").asLong(0);
        return new Tokens(answer.path("access_token").asString(), answer.path("refresh_token").asString(null),
                expiresIn > 0 ? Instant.now().plusSeconds(expiresIn) : null);
    }

    private JsonNode send(HttpRequest request, URI endpoint) {
        Origin.requireSecure(endpoint, insecure); // codes and refresh tokens are credentials too
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new Failure(Exit.NETWORK, "Could not reach " + endpoint + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ").");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Exit.NETWORK, "Interrupted while talking to " + endpoint + ".");
        }
        JsonNode body = parse(response.body());
        if (response.statusCode() / 100 == 2) {
            return body;
        }
        if (response.statusCode() >= 500) {
            throw new Failure(Exit.NETWORK, endpoint + " answered " + response.statusCode() + ".");
        }
        // RFC 6749 section 5.2: invalid_grant is an expired, used or revoked code or refresh token.
        String reason = body.path("error_description").asString(body.path("error").asString(
                "status " + response.statusCode()));
        throw new Failure(Exit.AUTH, "The sign-in was refused (" + reason + "): run sites login again.");
    }

    private static JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? Api.JSON.createObjectNode() : Api.JSON.readTree(body);
        } catch (JacksonException notJson) {
            return Api.JSON.createObjectNode();
        }
    }
}
