package io.sites.site.serving;

import io.sites.api.site.ServedPaths;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Turns a raw request path into a bundle path, decoding percent-escapes exactly once (by {@link ServedPaths}, the
 * rule the bundle's link check shares); and a bundle path back into an address for a Location header.
 */
final class SitePaths {
    private SitePaths() {
    }

    /** The decoded path without its leading slash, or empty when the path is malformed or can name no file. */
    static Optional<String> decode(String rawPath) {
        return ServedPaths.decode(rawPath);
    }

    /**
     * The address of a bundle directory ({@code docs} becomes {@code /docs/}) with the request's query: printable
     * ASCII whatever the request held, since a header value is ASCII. What a URI may not carry is percent-encoded:
     * the path as UTF-8; in the query, a character up to U+00FF as that byte (the HTTP stacks read a request's raw
     * bytes as ISO-8859-1, so that is the byte the client sent), anything above as UTF-8.
     */
    static String directoryLocation(String bundlePath, String rawQuery) {
        StringBuilder location = new StringBuilder(bundlePath.length() + 16).append('/');
        encode(bundlePath, location, false);
        location.append('/');
        if (rawQuery != null) {
            encode(rawQuery, location.append('?'), true);
        }
        return location.toString();
    }

    /**
     * A rule's target for a Location header: printable ASCII as written (the rules file is ASCII, a splat or
     * placeholder may carry a decoded path), anything else percent-encoded as UTF-8.
     */
    static String ascii(String target) {
        StringBuilder out = null;
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            boolean plain = c > 0x20 && c < 0x7f && c != '"';
            if (!plain && out == null) {
                out = new StringBuilder(target.length() + 16).append(target, 0, i);
            }
            if (out == null) {
                continue;
            }
            if (plain) {
                out.append(c);
            } else {
                i = utf8(target, i, out);
            }
        }
        return out == null ? target : out.toString();
    }

    private static final String HEX = "0123456789ABCDEF";

    private static void encode(String text, StringBuilder out, boolean query) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean escape = c == '%' && i + 2 < text.length() && Character.digit(text.charAt(i + 1), 16) >= 0
                    && Character.digit(text.charAt(i + 2), 16) >= 0;
            if ((escape && query) || uriCharacter(c) || (query && c == '?')) {
                out.append(c); // a query's escapes are the client's own; a path was decoded, so '%' is literal
            } else if (c < 0x80 || (query && c <= 0xff)) {
                out.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
            } else {
                i = utf8(text, i, out);
            }
        }
    }

    /** Percent-encodes the character at i (a surrogate pair whole) as UTF-8; returns the index of its last char. */
    private static int utf8(String text, int i, StringBuilder out) {
        int end = Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length()
                && Character.isLowSurrogate(text.charAt(i + 1)) ? i + 2 : i + 1;
        for (byte b : text.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
            out.append('%').append(HEX.charAt((b >> 4) & 0xf)).append(HEX.charAt(b & 0xf));
        }
        return end - 1;
    }

    /** RFC 3986 pchar without '%', plus '/': unreserved, sub-delims, ':' and '@'. */
    private static boolean uriCharacter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
    }
}
