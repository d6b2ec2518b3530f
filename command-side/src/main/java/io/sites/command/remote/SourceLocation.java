package io.sites.command.remote;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A sourceUrl (or redirect target) taken apart by our own rules rather than a library's: https only, no user info,
 * and any host that looks numeric is read the way C's {@code inet_aton} would (decimal, octal {@code 0177},
 * hex {@code 0x7f}, and the one- to three-part forms such as {@code 2130706433} or {@code 127.1}), so that no
 * spelling of an address can slip past the address check and be read differently by a resolver later.
 *
 * @param host    the host as written (lower case), for SNI, certificate check and the Host header
 * @param port    443 unless given
 * @param target  path and query as sent in the request line
 * @param literal the address when the host is an IP literal in any spelling, else null (a name to resolve)
 */
record SourceLocation(URI uri, String host, int port, String target, InetAddress literal) {

    private static final Pattern NUMERIC_LABEL = Pattern.compile("(0x[0-9a-f]*|[0-9]+)");
    private static final Pattern NAME = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\\.?");

    /** A URL we refuse before any lookup; the message says why. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    static SourceLocation parse(String text) throws Invalid {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new Invalid("it is not a valid URL (" + e.getReason() + ")");
        }
        return of(uri);
    }

    /** Resolves a Location header against the URL that answered with it. */
    SourceLocation redirect(String location) throws Invalid {
        try {
            return of(uri.resolve(new URI(location.strip())));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new Invalid("it redirected to " + location + ", which is not a valid URL");
        }
    }

    private static SourceLocation of(URI uri) throws Invalid {
        if (!uri.isAbsolute() || !"https".equalsIgnoreCase(uri.getScheme())) {
            throw new Invalid("only https URLs are fetched");
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw new Invalid("it has no host");
        }
        if (authority.contains("@")) {
            throw new Invalid("URLs with user information (user@host) are not fetched");
        }
        String host;
        String portText = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw new Invalid("its IPv6 host is not closed with ]");
            }
            host = authority.substring(1, close);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw new Invalid("its host is malformed");
                }
                portText = rest.substring(1);
            }
            if (host.contains("%")) {
                throw new Invalid("IPv6 zone identifiers are not allowed");
            }
        } else {
            int colon = authority.lastIndexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? null : authority.substring(colon + 1);
        }
        int port = 443;
        if (portText != null && !portText.isEmpty()) {
            try {
                port = Integer.parseInt(portText);
            } catch (NumberFormatException e) {
                throw new Invalid("its port " + portText + " is not a number");
            }
            if (port < 1 || port > 65535) {
                throw new Invalid("its port " + port + " is out of range");
            }
        }
        host = host.toLowerCase(Locale.ROOT);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        InetAddress literal = authority.startsWith("[") ? ipv6(host) : ipv4(host);
        if (literal == null && !NAME.matcher(host).matches()) {
            throw new Invalid("its host " + host + " is not a valid host name");
        }
        return new SourceLocation(uri, host, port, target, literal);
    }

    private static InetAddress ipv6(String host) throws Invalid {
        if (!host.matches("[0-9a-f:.]+")) {
            throw new Invalid("its IPv6 host is malformed");
        }
        try {
            return InetAddress.getByName("[" + host + "]"); // a literal: parsed, never looked up
        } catch (UnknownHostException e) {
            throw new Invalid("its IPv6 host is malformed");
        }
    }

    /** inet_aton: 1 to 4 parts, each decimal, octal or hex; the last fills the remaining bytes. */
    private static InetAddress ipv4(String host) throws Invalid {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String[] parts = h.split("\\.", -1);
        if (!NUMERIC_LABEL.matcher(parts[parts.length - 1]).matches()) {
            return null; // a name: its last label is not a number
        }
        if (parts.length > 4) {
            throw new Invalid("its host " + host + " is not a valid IPv4 address");
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            try {
                if (p.startsWith("0x")) {
                    values[i] = p.length() == 2 ? 0 : Long.parseLong(p.substring(2), 16);
                } else if (p.length() > 1 && p.startsWith("0")) {
                    values[i] = Long.parseLong(p.substring(1), 8);
                } else {
                    values[i] = Long.parseLong(p);
                }
            } catch (NumberFormatException e) {
                throw new Invalid("its host " + host + " is not a valid IPv4 address");
            }
        }
        long address = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 255) {
                throw new Invalid("its host " + host + " is not a valid IPv4 address");
            }
            address |= values[i] << (8 * (3 - i));
        }
        long last = values[values.length - 1];
        if (last >= 1L << (8 * (5 - values.length))) {
            throw new Invalid("its host " + host + " is not a valid IPv4 address");
        }
        address |= last;
        byte[] bytes = {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address};
        try {
            return InetAddress.getByAddress(host, bytes);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
