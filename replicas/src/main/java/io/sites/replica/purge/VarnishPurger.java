package io.sites.replica.purge;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Varnish with the xkey vmod (deploy/varnish/sites.vcl): {@code PURGE /} with an {@code xkey-purge} header naming the
 * tag, to every Varnish in front of the replicas at once; each must answer 2xx. The VCL honours it only from the
 * addresses its ACL allows.
 */
final class VarnishPurger implements CachePurger {
    private final List<URI> servers;
    private final HttpClient client;

    VarnishPurger(List<URI> servers, HttpClient client) {
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("sites.cache.varnish-urls is required by the varnish purger");
        }
        this.servers = servers;
        this.client = client;
    }

    @Override
    public CompletableFuture<Void> purge(String tag, Duration timeout) {
        CompletableFuture<?>[] each = servers.stream().map(server -> client.sendAsync(HttpRequest.newBuilder(
                server.resolve("/")).method("PURGE", HttpRequest.BodyPublishers.noBody()).header("xkey-purge", tag)
                .timeout(timeout).build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> Responses.accepted(response, "Varnish at " + server)))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(each);
    }

    @Override
    public String name() {
        return "varnish";
    }
}
