package io.sites.site;

import java.util.Locale;
import java.util.Optional;

/** Tells site hosts ({@code {slug}.{site_host}}) from the API's host. Case-insensitive; the port is ignored. */
public final class SiteHosts {
    private final String suffix;

    public SiteHosts(String siteHost) {
        String host = siteHost.toLowerCase(Locale.ROOT);
        int colon = host.lastIndexOf(':');
        if (colon > 0 && host.indexOf(']') < colon) {
            host = host.substring(0, colon);
        }
        this.suffix = "." + host;
    }

    /** The slug label of a request's host name, or empty when the host is not a site host. */
    public Optional<String> slugOf(String serverName) {
        if (serverName == null) {
            return Optional.empty();
        }
        String host = serverName.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        if (!host.endsWith(suffix) || host.length() == suffix.length()) {
            return Optional.empty();
        }
        String label = host.substring(0, host.length() - suffix.length());
        return label.indexOf('.') >= 0 ? Optional.empty() : Optional.of(label);
    }
}
