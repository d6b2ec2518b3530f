package io.sites.api.site.rules;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A rule's target with the values of a request filled in. The values come from a decoded path, so whatever could
 * change what the URL means is percent-encoded again ('%', '?', '#', '\', spaces, controls, anything not ASCII;
 * in an external target's host also '/', ':' and '@'), and a site path keeps a single leading slash: a request can
 * never turn a target into another host's address, and a rewrite decodes its target exactly once.
 */
final class RuleTargets {
    private static final String HEX = "0123456789ABCDEF";
    private static final String EXTERNAL = "https://";

    private RuleTargets() {
    }

    static String fill(String to, Map<String, String> values) {
        if (values.isEmpty() || to.indexOf(':') < 0) {
            return to;
        }
        boolean external = to.startsWith(EXTERNAL);
        int start = external ? EXTERNAL.length() : 0;
        int authorityEnd = external ? authorityEnd(to, start) : 0;
        StringBuilder out = new StringBuilder(to.length() + 16);
        out.append(to, 0, start);
        for (int i = start; i < to.length(); i++) {
            char c = to.charAt(i);
            if (c == ':' && i > 0 && "/=-.".indexOf(to.charAt(i - 1)) >= 0) {
                int end = i + 1;
                while (end < to.length() && (Character.isLetterOrDigit(to.charAt(end)) || to.charAt(end) == '_')) {
                    end++;
                }
                String value = values.get(to.substring(i + 1, end));
                if (value != null) {
                    encode(value, out, i < authorityEnd);
                    i = end - 1;
                    continue;
                }
            }
            out.append(c);
        }
        return external ? out.toString() : oneLeadingSlash(out);
    }

    /** Where an external target's host (and port) ends: its first '/', '?' or '#' after the scheme. */
    private static int authorityEnd(String to, int from) {
        for (int i = from; i < to.length(); i++) {
            if ("/?#".indexOf(to.charAt(i)) >= 0) {
                return i;
            }
        }
        return to.length();
    }

    /** "//evil.example" and "///x" are "/evil.example" and "/x": a site path, never a scheme-relative URL. */
    private static String oneLeadingSlash(StringBuilder path) {
        int from = 0;
        while (from + 1 < path.length() && path.charAt(from) == '/' && path.charAt(from + 1) == '/') {
            from++;
        }
        return path.substring(from);
    }

    private static void encode(String value, StringBuilder out, boolean inHost) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (plain(c, inHost)) {
                out.append(c);
                continue;
            }
            int end = Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1)) ? i + 2 : i + 1;
            for (byte b : value.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                out.append('%').append(HEX.charAt((b >> 4) & 0xf)).append(HEX.charAt(b & 0xf));
            }
            i = end - 1;
        }
    }

    /** RFC 3986's unreserved and sub-delims; in a path also ':', '@' and '/', which a host must not get. */
    private static boolean plain(char c, boolean inHost) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || "-._~!$&'()*+,;=".indexOf(c) >= 0 || (!inHost && ":@/".indexOf(c) >= 0);
    }
}
