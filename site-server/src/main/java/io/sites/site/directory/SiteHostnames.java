package io.sites.site.directory;

import io.sites.api.site.DomainPairs;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Custom hostnames to the slug of the website that serves them, from the domain events: a hostname is here from
 * its DomainVerified until its DomainRemoved, the DomainVerificationFailed that stops it, or its website's deletion.
 * A slug never changes, so a hostname resolves through the slug to the site's current state in {@link SiteDirectory}.
 * Beside them, the apexes whose owner chose them over their www name (DomainPreferred), kept until the apex's
 * DomainRemoved as the aggregate keeps them: with both names of a pair served, the other one redirects.
 */
final class SiteHostnames {
    private final Map<String, String> slugByHost = new ConcurrentHashMap<>();
    private final Map<String, String> chosenApexes = new ConcurrentHashMap<>();

    void serve(String hostname, String slug) {
        slugByHost.put(hostname, slug);
    }

    /** Stops serving the hostname when this website serves it; a hostname another website took since stays. */
    void stop(String hostname, String slug) {
        slugByHost.remove(hostname, slug);
    }

    /** The domain is removed: no longer served, and a choice kept on it (an apex) goes with it. */
    void remove(String hostname, String slug) {
        stop(hostname, slug);
        chosenApexes.remove(hostname, slug);
    }

    /** The owner chose {@code hostname} over the other name of its apex/www pair. */
    void prefer(String hostname, String slug) {
        String apex = DomainPairs.apex(hostname);
        if (hostname.equals(apex)) {
            chosenApexes.put(apex, slug);
        } else {
            chosenApexes.remove(apex, slug);
        }
    }

    void stopAll(String slug) {
        slugByHost.values().removeIf(slug::equals);
        chosenApexes.values().removeIf(slug::equals);
    }

    /**
     * The hostname a request's host name (no port) redirects to: the serving name of its apex/www pair when the
     * same website serves both names and this is not it; empty otherwise (the common case, two map reads).
     */
    Optional<String> redirectAt(String host) {
        if (host == null || host.isEmpty() || slugByHost.isEmpty()) {
            return Optional.empty();
        }
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        String slug = slugByHost.get(name);
        String partner = slug == null ? null : DomainPairs.partner(name);
        if (partner == null || !slug.equals(slugByHost.get(partner))) {
            return Optional.empty();
        }
        String canonical = DomainPairs.canonical(name, slug.equals(chosenApexes.get(DomainPairs.apex(name))));
        return canonical.equals(name) ? Optional.empty() : Optional.of(canonical);
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

    Map<String, String> chosen() {
        return Map.copyOf(chosenApexes);
    }

    void restore(Map<String, String> hostnames, Map<String, String> chosen) {
        slugByHost.clear();
        chosenApexes.clear();
        if (hostnames != null) {
            slugByHost.putAll(hostnames);
        }
        if (chosen != null) {
            chosenApexes.putAll(chosen);
        }
    }
}
