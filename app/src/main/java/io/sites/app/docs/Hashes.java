package io.sites.app.docs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/** SHA-256 of the documentation pages: a strong ETag of their bytes, and the CSP source of their inline style. */
final class Hashes {
    private Hashes() {
    }

    /** {@code "sha256-…"} (quoted, as a Content-Security-Policy names an allowed inline element). */
    static String cspHash(String inlineText) {
        return "'sha256-" + Base64.getEncoder().encodeToString(sha256(inlineText.getBytes(StandardCharsets.UTF_8)))
                + "'";
    }

    /** A strong ETag: the same bytes give the same tag on every replica. */
    static String etag(byte[] bytes) {
        return "\"" + HexFormat.of().formatHex(sha256(bytes), 0, 16) + "\"";
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }
}
