package io.sites.replica.purge;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Cloudflare's purge by cache tag: {@code POST /client/v4/zones/{zone_id}/purge_cache} with {@code {"tags":[tag]}} and
 * the API token as a bearer; Cloudflare answers 200 with {@code "success": false} when it refuses, so the body is
 * read too.
 */
final class CloudflarePurger implements CachePurger {
    private final URI base;
    private final String zoneId;
    private final String token;
    private final HttpClient client;

    CloudflarePurger(URI base, String zoneId, String token, HttpClient client) {
        this.base = base;
        this.zoneId = PurgeSettings.required(zoneId, "sites.cache.cloudflare-zone-id");
        this.token = PurgeSettings.required(token, "sites.cache.token");
        this.client = client;
    }

    @Override
    public CompletableFuture<Void> purge(String tag, Duration timeout) {
        URI uri = URI.create(base + "/client/v4/zones/" + URLEncoder.encode(zoneId, StandardCharsets.UTF_8)
                + "/purge_cache");
        // Tags are ours (site-<uuid>): letters, digits and '-', nothing a JSON string must escape.
        HttpRequest request = HttpRequest.newBuilder(uri)
                .POST(HttpRequest.BodyPublishers.ofString("{\"tags\":[\"" + tag + "\"]}"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .timeout(timeout).build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
            Responses.accepted(response, "Cloudflare");
            if (!response.body().replace(" ", "").contains("\"success\":true")) {
                throw new CompletionException(new IOException("Cloudflare refused the purge: " + response.body()));
            }
            return null;
        });
    }

    @Override
    public String name() {
        return "cloudflare";
    }
}
