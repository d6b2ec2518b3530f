package io.sites.site.serving;

/** What the site server reads of a request, whichever HTTP stack received it. */
public interface SiteRequest {
    String method();

    /** The host name without the port. */
    String host();

    /** The path as sent, still percent-encoded, without the query. */
    String rawPath();

    /** The query without '?', or null. */
    String query();

    /** The first value of a header, or null. */
    String header(String name);

    String remoteAddress();

    /** Whether the request came over TLS (the site port's HTTPS listener). */
    default boolean secure() {
        return false;
    }

    /** A hash of the client's address for the visitors' estimate (SiteUsage), made without allocating where it can. */
    default int addressHash() {
        return remoteAddress().hashCode();
    }

    /**
     * Whether this request's connection sends a file's span best with sendfile, its head held back until the body
     * follows (TCP_CORK): the site port on epoll. Without the cork the head leaves alone and sendfile measured
     * slower than a cached copy.
     */
    default boolean sendsFiles() {
        return false;
    }
}
