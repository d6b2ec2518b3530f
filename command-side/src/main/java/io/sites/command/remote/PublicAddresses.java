package io.sites.command.remote;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The address classes a fetch must never reach: loopback, private (RFC 1918, RFC 4193), link-local, shared
 * (100.64/10), multicast, unspecified, documentation, benchmarking and reserved ranges, and IPv6 forms that embed an
 * IPv4 address (mapped, compatible, NAT64, 6to4), which are judged by the address they embed.
 */
final class PublicAddresses {

    private PublicAddresses() {
    }

    /** @return null when public, else the class of the address */
    static String refusal(InetAddress address) {
        if (address instanceof Inet4Address v4) {
            return refusalV4(v4.getAddress());
        }
        if (address instanceof Inet6Address v6) {
            return refusalV6(v6.getAddress());
        }
        return "not an IP address";
    }

    static String refusalV4(byte[] a) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        int b2 = a[2] & 0xff;
        if (b0 == 0) {
            return "unspecified (0.0.0.0/8)";
        }
        if (b0 == 127) {
            return "loopback (127.0.0.0/8)";
        }
        if (b0 == 10 || (b0 == 172 && (b1 & 0xf0) == 16) || (b0 == 192 && b1 == 168)) {
            return "private (RFC 1918)";
        }
        if (b0 == 169 && b1 == 254) {
            return "link-local (169.254.0.0/16)";
        }
        if (b0 == 100 && (b1 & 0xc0) == 64) {
            return "shared address space (100.64.0.0/10)";
        }
        if (b0 >= 224 && b0 <= 239) {
            return "multicast (224.0.0.0/4)";
        }
        if (b0 >= 240) {
            return "reserved (240.0.0.0/4, broadcast)";
        }
        if (b0 == 192 && b1 == 0 && (b2 == 0 || b2 == 2)) {
            return "reserved (192.0.0.0/24, 192.0.2.0/24)";
        }
        if (b0 == 192 && b1 == 88 && b2 == 99) {
            return "reserved (192.88.99.0/24)";
        }
        if (b0 == 198 && (b1 == 18 || b1 == 19)) {
            return "reserved for benchmarking (198.18.0.0/15)";
        }
        if ((b0 == 198 && b1 == 51 && b2 == 100) || (b0 == 203 && b1 == 0 && b2 == 113)) {
            return "reserved for documentation";
        }
        return null;
    }

    static String refusalV6(byte[] a) {
        boolean firstTenZero = true;
        for (int i = 0; i < 10; i++) {
            firstTenZero &= a[i] == 0;
        }
        if (firstTenZero && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff) {
            return embedded("IPv4-mapped", a, 12);
        }
        boolean firstTwelveZero = firstTenZero && a[10] == 0 && a[11] == 0;
        if (firstTwelveZero) {
            boolean lastZero = a[12] == 0 && a[13] == 0 && a[14] == 0;
            if (lastZero && (a[15] == 0 || a[15] == 1)) {
                return a[15] == 0 ? "unspecified (::)" : "loopback (::1)";
            }
            return embedded("IPv4-compatible", a, 12);
        }
        int w0 = ((a[0] & 0xff) << 8) | (a[1] & 0xff);
        int w1 = ((a[2] & 0xff) << 8) | (a[3] & 0xff);
        if (w0 == 0x64 && w1 == 0xff9b) {
            return embedded("NAT64", a, 12);
        }
        if (w0 == 0x2002) {
            return embedded("6to4", a, 2);
        }
        if ((a[0] & 0xfe) == 0xfc) {
            return "unique local (fc00::/7, RFC 4193)";
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0x80) {
            return "link-local (fe80::/10)";
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0xc0) {
            return "site-local (fec0::/10)";
        }
        if ((a[0] & 0xff) == 0xff) {
            return "multicast (ff00::/8)";
        }
        if ((a[0] & 0xe0) != 0x20) {
            return "reserved (outside 2000::/3)";
        }
        if (w0 == 0x2001 && w1 == 0x0db8) {
            return "reserved for documentation (2001:db8::/32)";
        }
        if (w0 == 0x2001 && w1 < 0x0200) {
            return "reserved for protocols (2001::/23, Teredo)";
        }
        if (w0 == 0x3fff && (w1 & 0xf000) == 0) {
            return "reserved for documentation (3fff::/20)";
        }
        return null;
    }

    private static String embedded(String form, byte[] a, int offset) {
        byte[] v4 = {a[offset], a[offset + 1], a[offset + 2], a[offset + 3]};
        String inner = refusalV4(v4);
        if (inner != null) {
            return form + " form of " + inner;
        }
        // Even public embedded addresses are refused: these forms are transition mechanisms nobody serves from.
        try {
            return form + " form of " + InetAddress.getByAddress(v4).getHostAddress();
        } catch (UnknownHostException impossible) {
            return form;
        }
    }
}
