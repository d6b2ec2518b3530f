package io.sites.api.id;

import java.security.SecureRandom;

/** Opaque, unguessable identifier suffixes: 130 random bits in lowercase base32. */
final class Ids {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    private Ids() {
    }

    static String random(String prefix) {
        byte[] bytes = new byte[17];
        RANDOM.nextBytes(bytes);
        StringBuilder out = new StringBuilder(prefix.length() + 26).append(prefix);
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5 && out.length() < prefix.length() + 26) {
                out.append(ALPHABET[(buffer >> (bits - 5)) & 31]);
                bits -= 5;
            }
        }
        return out.toString();
    }

    static String require(String value, String prefix) {
        if (value == null || !value.startsWith(prefix) || value.length() <= prefix.length()) {
            throw new IllegalArgumentException("not a " + prefix + " id: " + value);
        }
        return value;
    }

    static boolean looksLike(String value, String prefix) {
        if (value == null || !value.startsWith(prefix) || value.length() > 64 || value.length() <= prefix.length()) {
            return false;
        }
        for (int i = prefix.length(); i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }
}
