package io.sites.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where a credential belongs: the scheme, host and port of an address, as a browser compares origins. A stored login
 * is used only at the origin it was made for; plain http is allowed only to this computer (a loopback literal or
 * {@code localhost}), judged from the address as written, never by resolving a name: a name that resolves to
 * 127.0.0.1 today may resolve elsewhere tomorrow, and looking it up would already be traffic off this computer.
 */
record Origin(String scheme, String host, int port) {

    static Origin of(URI address) {
        String scheme = address.getScheme().toLowerCase(Locale.ROOT);
        int port = address.getPort() >= 0 ? address.getPort() : defaultPort(scheme);
        return new Origin(scheme, address.getHost().toLowerCase(Locale.ROOT), port);
    }

    /** As a browser writes it: the default port left out. */
    @Override
    public String toString() {
        return scheme + "://" + host + (port == defaultPort(scheme) ? "" : ":" + port);
    }

    /** 127.0.0.0/8, ::1 (as literals) or localhost: a request there never leaves this computer. */
    boolean loopback() {
        if (host.equals("localhost")) {
            return true;
        }
        boolean literal = host.matches("\\d{1,3}(\\.\\d{1,3}){3}") || host.startsWith("[") && host.endsWith("]");
        if (!literal) {
            return false;
        }
        try {
            // a literal: parsed, never looked up
            return InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host)
                    .isLoopbackAddress();
        } catch (UnknownHostException notAnAddress) {
            return false;
        }
    }

    /**
     * Refuses, before any connection, plain http to an address that is not loopback unless {@code --insecure}:
     * the token, a refresh token or an upload URL would cross the network readable by anyone on the way.
     */
    static URI requireSecure(URI address, boolean insecure) {
        if (!insecure && "http".equalsIgnoreCase(address.getScheme())
                && (address.getHost() == null || !of(address).loopback())) {
            throw new Failure(Exit.USAGE, "Refusing plain http to " + (address.getHost() == null ? address
                    : of(address)) + ": a token would cross the "
                    + "network unencrypted. Use https, or pass --insecure to accept that.");
        }
        return address;
    }

    private static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }
}
