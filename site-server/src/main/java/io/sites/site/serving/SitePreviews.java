package io.sites.site.serving;

import io.sites.api.site.PreviewGrant;
import io.sites.site.directory.SiteDirectory.Site;
import java.time.Clock;
import java.time.Instant;

/**
 * Who may see a version at its own host {@code v{n}--{slug}}: the live version anyone; any other only a holder of
 * its preview grant, unless previews are public ({@code SITES_PREVIEWS=public}). A previewUrl's grant (its query
 * parameter) is moved into a host-only cookie by a redirect that drops it from the address, so that the page's own
 * files load and the grant does not travel on in a Referer. Checking is an HMAC in memory: no lookup, no blocking,
 * so it runs on the event loop. Without a grant the answer is the one an unknown version gets.
 */
final class SitePreviews {
    enum Outcome {
        /** Served as anybody is served: the live version, or every version when previews are public. */
        PUBLIC,
        /** Served under a grant: kept out of shared caches. */
        GRANTED,
        /** The grant went into the cookie; the answer is the redirect to the address without it. */
        REDIRECTED,
        /** No grant: the answer is the 404 of a version that does not exist. */
        HIDDEN
    }

    /** Cookies of the grant's name checked per request at most: a tossed heap of them must not cost a MAC each. */
    private static final int MAX_COOKIES = 4;

    private final PreviewGrant grants;
    private final PreviewGrant.Access access;
    private final boolean secure;
    private final String cookie;
    private final Clock clock;

    /**
     * @param secure whether sites are served over HTTPS (the scheme of sites.base-url): the cookie is then Secure and
     *               named with the {@code __Host-} prefix, which a browser refuses to take from a sibling host
     */
    SitePreviews(PreviewGrant grants, PreviewGrant.Access access, boolean secure, Clock clock) {
        this.grants = grants;
        this.access = access;
        this.secure = secure;
        this.cookie = (secure ? "__Host-" : "") + "sites_preview";
        this.clock = clock;
    }

    /** Who may see a version at {@code v{n}--{slug}}; a REDIRECTED outcome has written its answer to response. */
    Outcome admit(Site site, int version, boolean live, SiteRequest request, SiteResponse response) {
        if (access == PreviewGrant.Access.PUBLIC) {
            return Outcome.PUBLIC;
        }
        Instant now = clock.instant();
        String query = request.query();
        int at = query == null ? -1 : parameter(query);
        if (at >= 0) {
            int end = query.indexOf('&', at);
            String grant = query.substring(at + PreviewGrant.PARAMETER.length() + 1, end < 0 ? query.length() : end);
            if (grants.admits(grant, site.websiteId(), version, now)) {
                redirect(request, query, at, end, grant, now, response);
                return Outcome.REDIRECTED;
            }
        }
        if (live) {
            return Outcome.PUBLIC;
        }
        return fromCookie(request.header("Cookie"), site, version, now) ? Outcome.GRANTED : Outcome.HIDDEN;
    }

    /** Where the grant parameter starts in the query (at its name), or -1. */
    private static int parameter(String query) {
        String name = PreviewGrant.PARAMETER + "=";
        for (int at = query.indexOf(name); at >= 0; at = query.indexOf(name, at + 1)) {
            if (at == 0 || query.charAt(at - 1) == '&') {
                return at;
            }
        }
        return -1;
    }

    /** Sets the cookie and sends the browser to the same address without the grant (a relative Location). */
    private void redirect(SiteRequest request, String query, int at, int end, String grant, Instant now,
            SiteResponse response) {
        String rest = (query.substring(0, Math.max(0, at - 1)) + (end < 0 ? "" : (at == 0 ? "" : "&")
                + query.substring(end + 1)));
        // Leading slashes or backslashes would make the relative address another host's ("//elsewhere/").
        String path = request.rawPath();
        int start = 0;
        while (start < path.length() && (path.charAt(start) == '/' || path.charAt(start) == '\\')) {
            start++;
        }
        String location = "/" + path.substring(start) + (rest.isEmpty() ? "" : "?" + rest);
        long maxAge = PreviewGrant.expiry(grant) - now.getEpochSecond();
        response.status = 303;
        response.header("Location", SitePaths.ascii(location));
        response.header("Set-Cookie", cookie + "=" + grant + "; Max-Age=" + maxAge + "; Path=/; HttpOnly; SameSite=Lax"
                + (secure ? "; Secure" : ""));
        response.header("Cache-Control", "no-store");
    }

    /** Whether one of the request's cookies of the grant's name admits this version. */
    private boolean fromCookie(String header, Site site, int version, Instant now) {
        if (header == null) {
            return false;
        }
        int checked = 0;
        for (int start = 0; start < header.length() && checked < MAX_COOKIES; ) {
            int end = header.indexOf(';', start);
            end = end < 0 ? header.length() : end;
            while (start < end && header.charAt(start) == ' ') {
                start++;
            }
            int equals = start + cookie.length();
            if (equals < end && header.charAt(equals) == '=' && header.startsWith(cookie, start)) {
                checked++;
                if (grants.admits(header.substring(equals + 1, end).trim(), site.websiteId(), version, now)) {
                    return true;
                }
            }
            start = end + 1;
        }
        return false;
    }
}
