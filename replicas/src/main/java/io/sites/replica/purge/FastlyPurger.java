package io.sites.replica.purge;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Fastly's purge by surrogate key: {@code POST /service/{service_id}/purge/{key}} with the API token in
 * {@code Fastly-Key}; a hard purge, since the next read must be the new version, not a stale one revalidated later.
 */
final class FastlyPurger implements CachePurger {
    private final URI base;
    private final String serviceId;
    private final String token;
    private final HttpClient client;

    FastlyPurger(URI base, String serviceId, String token, HttpClient client) {
        this.base = base;
        this.serviceId = PurgeSettings.required(serviceId, "sites.cache.fastly-service-id");
        this.token = PurgeSettings.required(token, "sites.cache.token");
        this.client = client;
    }

    @Override
    public CompletableFuture<Void> purge(String tag, Duration timeout) {
        URI uri = URI.create(base + "/service/" + encode(serviceId) + "/purge/" + encode(tag));
        HttpRequest request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody())
                .header("Fastly-Key", token).header("Accept", "application/json").timeout(timeout).build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> Responses.accepted(response, "Fastly"));
    }

    private static String encode(String part) {
        return URLEncoder.encode(part, StandardCharsets.UTF_8);
    }

    @Override
    public String name() {
        return "fastly";
    }
}
