package io.sites.command.bundle;

/**
 * Checks and decodes base64 content: the standard and the URL-safe alphabet (also mixed), padding optional,
 * whitespace and line breaks ignored. Checking does not allocate, so oversized content can be measured first.
 */
final class Base64Text {

    private Base64Text() {}

    /** @param problem null when the text is valid base64; otherwise what is wrong and how to fix it */
    record Inspection(long decodedLength, String problem) {
        boolean valid() {
            return problem == null;
        }
    }

    static Inspection inspect(String text) {
        String head = text.stripLeading();
        if (head.regionMatches(true, 0, "data:", 0, 5)) {
            int comma = head.indexOf(',');
            String prefix = comma > 0 ? head.substring(0, comma + 1) : "data:";
            return new Inspection(-1, "the content starts with a data URL prefix " + Text.quote(prefix)
                    + ". Send only the base64 text after the comma.");
        }
        long data = 0;
        int padding = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isSpace(c)) {
                continue;
            }
            if (c == '=') {
                padding++;
                if (padding > 2) {
                    return new Inspection(-1, "more than two \"=\" padding characters at position " + (i + 1)
                            + ". \"=\" may only appear once or twice at the very end.");
                }
                continue;
            }
            if (value(c) < 0 || padding > 0) {
                String what = padding > 0 ? "after the \"=\" padding" : "not a base64 character";
                return new Inspection(-1, "character " + describe(text, i) + " at position " + (i + 1) + " is "
                        + what + ". Base64 uses only A-Z, a-z, 0-9, \"+\" and \"/\" (or \"-\" and \"_\"), with "
                        + "\"=\" padding at the end.");
            }
            data++;
        }
        long rest = data % 4;
        if (rest == 1) {
            return new Inspection(-1, "the text has " + data + " base64 characters, which cannot be complete "
                    + "base64 (one more than a multiple of 4); it was probably cut off.");
        }
        if (padding > 0 && (data + padding) % 4 != 0) {
            return new Inspection(-1, "the \"=\" padding does not match the length of the text; it was probably "
                    + "cut off or padded by hand.");
        }
        long decoded = data / 4 * 3 + (rest == 2 ? 1 : rest == 3 ? 2 : 0);
        return new Inspection(decoded, null);
    }

    /**
     * Decodes canonical base64 (one alphabet, no whitespace) with the JDK's decoder; null when the text is not
     * of that form, and the caller should {@link #inspect} it instead.
     */
    static byte[] decodeStrict(String text) {
        for (java.util.Base64.Decoder decoder : new java.util.Base64.Decoder[] {
                java.util.Base64.getDecoder(), java.util.Base64.getUrlDecoder()}) {
            try {
                return decoder.decode(text);
            } catch (IllegalArgumentException notThisAlphabet) {
                // try the next alphabet, then the careful path
            }
        }
        return null;
    }

    /** Decodes text that {@link #inspect} accepted, into exactly {@code length} bytes. */
    static byte[] decode(String text, int length) {
        byte[] out = new byte[length];
        int o = 0;
        int buffer = 0;
        int bits = 0;
        for (int i = 0; i < text.length() && o < length; i++) {
            int v = value(text.charAt(i));
            if (v < 0) {
                continue;
            }
            buffer = buffer << 6 | v;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[o++] = (byte) (buffer >> bits);
                buffer &= (1 << bits) - 1;
            }
        }
        return out;
    }

    private static int value(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return switch (c) {
            case '+', '-' -> 62;
            case '/', '_' -> 63;
            default -> -1;
        };
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static String describe(String text, int i) {
        int cp = text.codePointAt(i);
        return Character.isISOControl(cp) || Character.isWhitespace(cp) || Character.isSurrogate(text.charAt(i))
                ? Text.codePoint(cp)
                : "\"" + new String(Character.toChars(cp)) + "\" (" + Text.codePoint(cp) + ")";
    }
}
