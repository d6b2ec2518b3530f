package io.sites.api.site;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a website is served under the site host: its page at {@code {slug}.{site_host}} and each stored version's
 * preview at {@code v{n}--{slug}.{site_host}}. Builds both hosts and reads a request's host back into its label,
 * and a label into version and slug; the site server reads every request with it, so reading allocates little
 * (no regular expressions, nothing copied that is not kept).
 */
public final class SiteAddress {
    /** Between a preview's version and its slug; a slug never contains it (see {@link Slug}). */
    public static final String PREVIEW_SEPARATOR = "--";

    /** As configured, port included: the hosts built from it are the ones people type. */
    private final String siteHost;
    /** {@code .} and the site host in lower case without its port: what a request's host name ends with. */
    private final String suffix;

    public SiteAddress(String siteHost) {
        this.siteHost = siteHost;
        this.suffix = "." + hostName(siteHost.toLowerCase(Locale.ROOT));
    }

    /**
     * The host name of a Host header or of a request target's authority: without the port, an IPv6 literal with its
     * brackets; "" for none. The first colon outside brackets ends the name. Allocates only when there is a port.
     */
    public static String hostName(String authority) {
        if (authority == null) {
            return "";
        }
        if (authority.startsWith("[")) {
            int end = authority.indexOf(']');
            return end < 0 ? authority : authority.substring(0, end + 1);
        }
        int colon = authority.indexOf(':');
        return colon < 0 ? authority : authority.substring(0, colon);
    }

    /** The host of a website's live page. */
    public String pageHost(String slug) {
        return slug + "." + siteHost;
    }

    /** The host of one stored version, live or not; the site server serves exactly this form. */
    public String previewHost(int version, String slug) {
        return "v" + version + PREVIEW_SEPARATOR + slug + "." + siteHost;
    }

    /**
     * The site label of a request's host name ({@code slug} or {@code v{n}--slug}), or empty when the host is not
     * a site host. Case-insensitive; one trailing dot is allowed.
     */
    public Optional<String> labelOf(String hostName) {
        if (hostName == null) {
            return Optional.empty();
        }
        String host = hostName.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        if (!host.endsWith(suffix) || host.length() == suffix.length()) {
            return Optional.empty();
        }
        String label = host.substring(0, host.length() - suffix.length());
        return label.indexOf('.') >= 0 ? Optional.empty() : Optional.of(label);
    }

    /** A preview host's label: {@code v{n}--{slug}}, n from 1. */
    public record Preview(int version, String slug) {
        /** The version and slug a label names, or null when the label is not a preview's. */
        public static Preview parse(String label) {
            int dashes = label.indexOf(PREVIEW_SEPARATOR);
            if (dashes < 2 || label.charAt(0) != 'v' || dashes > 10) {
                return null;
            }
            int number = 0;
            for (int i = 1; i < dashes; i++) {
                char c = label.charAt(i);
                if (c < '0' || c > '9') {
                    return null;
                }
                number = number * 10 + (c - '0');
            }
            return number == 0 ? null : new Preview(number, label.substring(dashes + PREVIEW_SEPARATOR.length()));
        }
    }
}
