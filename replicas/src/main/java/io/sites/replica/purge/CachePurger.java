package io.sites.replica.purge;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A shared cache's purge by tag: drops every answer it holds that carries the tag. */
public interface CachePurger {

    /**
     * Starts the purge of every answer tagged {@code tag}; the future completes when the cache confirmed it, and
     * fails with an {@link IOException} when the cache refused it or could not be reached.
     */
    CompletableFuture<Void> purge(String tag, Duration timeout);

    /** The purger's name as configured and as the metric names it. */
    String name();

    /** The one HTTP client the purgers share: HTTP/1.1, a bounded connect. */
    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    /** The purger of {@code sites.cache.purger}, or null for {@code none}. */
    static CachePurger of(PurgeSettings settings, HttpClient client) {
        return switch (settings.purger()) {
            case "none" -> null;
            case "varnish" -> new VarnishPurger(settings.varnishUrls(), client);
            case "fastly" -> new FastlyPurger(settings.baseUrl("https://api.fastly.com"), settings.fastlyServiceId(),
                    settings.token(), client);
            case "cloudflare" -> new CloudflarePurger(settings.baseUrl("https://api.cloudflare.com"),
                    settings.cloudflareZoneId(), settings.token(), client);
            default -> throw new IllegalArgumentException("sites.cache.purger is none, varnish, fastly or cloudflare, not "
                    + settings.purger());
        };
    }
}
