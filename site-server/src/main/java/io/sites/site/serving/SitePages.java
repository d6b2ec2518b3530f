package io.sites.site.serving;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The site server's own small pages (not found, gone, paused, ...): built once, shared read-only by every answer,
 * so a refusal allocates no body.
 */
final class SitePages {
    static final ByteBuffer NOT_FOUND = page("Not found", "There is nothing at this address.");
    static final ByteBuffer GONE = page("Gone", "This site was deleted.");
    static final ByteBuffer PRUNED = page("Gone", "This version was removed by the site's retention setting.");
    static final ByteBuffer PASSWORD = page("Password required", "This site is protected by a password.");
    static final ByteBuffer THROTTLED = page("Too many attempts", "Wait a minute, then try again.");
    static final ByteBuffer METHOD = page("Method not allowed", "Sites answer GET and HEAD only.");
    static final ByteBuffer STARTING = page("Starting", "This server is still starting; try again.");
    static final ByteBuffer PAUSED = page("Paused",
            "This site used its bandwidth for this month. It is back next month, or when its quota is raised.");
    static final ByteBuffer CEILING = page("Too many requests",
            "This site gets more requests than it may take at once; try again in a moment.");

    private SitePages() {
    }

    static ByteBuffer page(String title, String text) {
        String html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title
                + "</title></head>\n<body><h1>" + title + "</h1><p>" + text + "</p></body></html>\n";
        return ByteBuffer.wrap(html.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
    }
}
