package io.sites.site.serving;

import io.sites.api.site.SiteAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * HTTPS at a custom hostname's door (issue 34): the CA's HTTP-01 challenge is answered over plain HTTP, anything
 * else on plain HTTP moves to HTTPS once the hostname has a certificate here (HSTS stays the owner's choice, through
 * _headers). Both are lookups in memory, answered on the event loop: a flood of made-up challenge tokens at a
 * custom hostname costs a map lookup each, never a database read.
 */
final class HttpsGate {
    private final SecureHosts secure;
    private final SiteAddress address;

    HttpsGate(SecureHosts secure, SiteAddress address) {
        this.secure = secure;
        this.address = address;
    }

    /**
     * The answer at this door, or null when the request goes on to the site. The
     * name of an apex/www pair that does not serve ({@code pairedWith}, null for any other host) answers a redirect
     * to the one that does, straight to HTTPS when that one has a certificate; ACME's challenges are answered first,
     * so both names get certificates.
     */
    SiteResponse answer(SiteRequest request, SiteResponse response, String pairedWith) {
        if ((secure == SecureHosts.NONE && pairedWith == null) || address.labelOf(request.host()).isPresent()) {
            return null;
        }
        if (secure != SecureHosts.NONE && request.rawPath().startsWith(SecureHosts.CHALLENGE_PATH)) {
            return challenge(response, request.host(), request.rawPath());
        }
        if (pairedWith != null) {
            // A plain redirect keeps the port the client used (a fleet tried on one machine is not on port 80).
            String authority = request.header("Host");
            String port = authority == null ? "" : authority.substring(SiteAddress.hostName(authority).length());
            port = port.matches(":[0-9]{1,5}") ? port : "";
            return moved(response, secure.redirects(pairedWith) ? "https://" + pairedWith : "http://" + pairedWith
                    + port, request);
        }
        if (!request.secure() && secure.redirects(request.host())) {
            return moved(response, "https://" + request.host(), request);
        }
        return null;
    }

    /** A 308 to the same path and query at {@code origin}. */
    private static SiteResponse moved(SiteResponse response, String origin, SiteRequest request) {
        response.status = 308;
        response.header("Location", SitePaths.ascii(origin + request.rawPath()
                + (request.query() == null ? "" : "?" + request.query())));
        response.header("Cache-Control", "no-cache");
        return response;
    }

    /** RFC 8555 §8.3: the token's key authorization as text, or a 404 for a token no order wrote. */
    private SiteResponse challenge(SiteResponse response, String host, String path) {
        String token = path.substring(SecureHosts.CHALLENGE_PATH.length());
        // RFC 8555 §8.1: a token is base64url; anything else is not worth a lookup.
        String answer = token.isEmpty() || token.length() > 256 || !token.matches("[A-Za-z0-9_-]+") ? null
                : secure.challenge(host, token).orElse(null);
        if (answer == null) {
            return SiteResponder.plain(response, 404, SitePages.NOT_FOUND);
        }
        byte[] bytes = answer.getBytes(StandardCharsets.US_ASCII);
        response.status = 200;
        response.header("Content-Type", "text/plain");
        response.header("Cache-Control", "no-store");
        response.body(ByteBuffer.wrap(bytes), 0, bytes.length);
        return response;
    }
}
