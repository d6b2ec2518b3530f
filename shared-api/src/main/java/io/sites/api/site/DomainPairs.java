package io.sites.api.site;

/**
 * Apex and {@code www} pairs of custom hostnames (issue 34): {@code example.org} and {@code www.example.org} belong
 * together; while a website serves both, one serves and the other redirects to it ({@code www} unless the owner
 * chose the apex). The rule lives once here, for the aggregate, the site replicas and the API's lists.
 */
public final class DomainPairs {
    private static final String WWW = "www.";

    private DomainPairs() {
    }

    /** The other name of the pair: www.x for x, x for www.x (null for a www. name with nothing after it). */
    public static String partner(String hostname) {
        if (hostname.startsWith(WWW)) {
            String apex = hostname.substring(WWW.length());
            return apex.contains(".") ? apex : null;
        }
        return WWW + hostname;
    }

    /** The apex of the pair {@code hostname} belongs to: the name without its www. */
    public static String apex(String hostname) {
        String partner = partner(hostname);
        return hostname.startsWith(WWW) && partner != null ? partner : hostname;
    }

    /**
     * The name that serves of a pair both of whose names are served: the apex when {@code apexChosen}, else the
     * www name.
     */
    public static String canonical(String hostname, boolean apexChosen) {
        String apex = apex(hostname);
        return apexChosen ? apex : WWW + apex;
    }
}
