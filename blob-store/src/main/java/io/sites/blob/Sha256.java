package io.sites.blob;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** Blob addresses: lowercase hex SHA-256, checked before any store turns one into a path or a key. */
final class Sha256 {

    private static final Pattern VALID = Pattern.compile("[0-9a-f]{64}");
    private static final HexFormat HEX = HexFormat.of();

    private Sha256() {
    }

    static MessageDigest newDigest() {
        return digest("SHA-256");
    }

    /** MD5 only for S3's Content-MD5 transport check, never for addressing. */
    static MessageDigest newMd5() {
        return digest("MD5");
    }

    static String hex(byte[] digest) {
        return HEX.formatHex(digest);
    }

    static byte[] parse(String sha256) {
        return HEX.parseHex(requireValid(sha256));
    }

    static boolean isValid(String sha256) {
        return sha256 != null && VALID.matcher(sha256).matches();
    }

    /** Only exactly 64 lowercase hex characters pass, so an address can never name another path or key. */
    static String requireValid(String sha256) {
        if (sha256 == null || !VALID.matcher(sha256).matches()) {
            throw new IllegalArgumentException("Not a blob address (64 lowercase hex characters of a SHA-256): "
                    + abbreviate(sha256));
        }
        return sha256;
    }

    private static String abbreviate(String value) {
        if (value == null) {
            return "null";
        }
        return value.length() <= 80 ? "'" + value + "'" : "'" + value.substring(0, 80) + "…' (" + value.length() + " chars)";
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is a mandatory JDK algorithm", e);
        }
    }
}
