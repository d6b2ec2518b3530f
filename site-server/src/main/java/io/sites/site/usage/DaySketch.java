package io.sites.site.usage;

/**
 * One website's day on this replica, in bounded memory: the most requested paths, the referring hosts and the
 * visitors' estimate. Twice the kept counts are tracked, so the 50 (20) written are the sketch's reliable top.
 */
final class DaySketch {
    static final int TOP_PATHS = 50;
    static final int TOP_REFERRERS = 20;

    final TopCounts paths = new TopCounts(TOP_PATHS * 2);
    final TopCounts referrers = new TopCounts(TOP_REFERRERS * 2);
    final Visitors visitors = new Visitors();
    /** The sum of both sketches' takes last written (flushing thread only): unchanged means nothing to write. */
    long flushed = -1;

    /**
     * The host of a Referer, lowercased, or null when there is none, it does not parse, or it is the site's own
     * host (a visitor moving within the site is not referred). Never the path or query: only the host is kept.
     */
    static String referrerHost(String referer, String ownHost) {
        if (referer == null) {
            return null;
        }
        int start = referer.indexOf("://");
        if (start < 0) {
            return null;
        }
        start += 3;
        int end = start;
        while (end < referer.length() && "/?#".indexOf(referer.charAt(end)) < 0) {
            end++;
        }
        int at = referer.lastIndexOf('@', end - 1);
        if (at >= start) {
            start = at + 1;
        }
        int colon = referer.indexOf(':', start);
        if (colon >= 0 && colon < end && referer.indexOf(']', start) < 0) {
            end = colon;
        }
        if (end <= start || end - start > 253) {
            return null;
        }
        if (ownHost != null && ownHost.length() == end - start && referer.regionMatches(true, start, ownHost, 0,
                ownHost.length())) {
            return null;
        }
        return referer.substring(start, end).toLowerCase(java.util.Locale.ROOT);
    }
}
