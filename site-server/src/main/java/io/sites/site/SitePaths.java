package io.sites.site;

import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.Optional;

/** Turns a raw request path into a bundle path. Decodes percent-escapes exactly once. */
final class SitePaths {
    private SitePaths() {
    }

    /** The decoded path without its leading slash, or empty when the path is malformed or can name no file. */
    static Optional<String> decode(String rawPath) {
        if (rawPath == null || !rawPath.startsWith("/")) {
            return Optional.empty();
        }
        if (plain(rawPath)) {
            return Optional.of(rawPath.substring(1)); // nearly every request: nothing to decode, nothing to check
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(rawPath.length());
        for (int i = 1; i < rawPath.length(); i++) {
            char c = rawPath.charAt(i);
            if (c == '%') {
                if (i + 2 >= rawPath.length()) {
                    return Optional.empty();
                }
                int hi = Character.digit(rawPath.charAt(i + 1), 16);
                int lo = Character.digit(rawPath.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return Optional.empty();
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                return Optional.empty();
            }
        }
        String path;
        try {
            path = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException malformed) {
            return Optional.empty();
        }
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) < 0x20 || path.charAt(i) == 0x7f || path.charAt(i) == '\\') {
                return Optional.empty();
            }
        }
        return Optional.of(path);
    }

    /** Printable ASCII without escapes or backslashes: the path is its own decoding. */
    private static boolean plain(String rawPath) {
        for (int i = 1; i < rawPath.length(); i++) {
            char c = rawPath.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '%' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
