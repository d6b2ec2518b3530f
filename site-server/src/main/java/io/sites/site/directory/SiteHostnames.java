package io.sites.site.directory;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Custom hostnames to the slug of the website that serves them, from the domain events: a hostname is here from
 * its DomainVerified until its DomainRemoved, the DomainVerificationFailed that stops it, or its website's deletion.
 * A slug never changes, so a hostname resolves through the slug to the site's current state in {@link SiteDirectory}.
 */
final class SiteHostnames {
    private final Map<String, String> slugByHost = new ConcurrentHashMap<>();

    void serve(String hostname, String slug) {
        slugByHost.put(hostname, slug);
    }

    /** Stops serving the hostname when this website serves it; a hostname another website took since stays. */
    void stop(String hostname, String slug) {
        slugByHost.remove(hostname, slug);
    }

    void stopAll(String slug) {
        slugByHost.values().removeIf(slug::equals);
    }

    /** The slug a request's host name (no port) is served from, when it is a served custom hostname. */
    Optional<String> slugAt(String host) {
        if (host == null || host.isEmpty() || slugByHost.isEmpty()) {
            return Optional.empty();
        }
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        return Optional.ofNullable(slugByHost.get(name));
    }

    Map<String, String> all() {
        return Map.copyOf(slugByHost);
    }

    void restore(Map<String, String> hostnames) {
        slugByHost.clear();
        if (hostnames != null) {
            slugByHost.putAll(hostnames);
        }
    }
}
