package io.sites.bundle.decode;

import io.sites.bundle.rules.Text;

/**
 * Checks and decodes base64 content: the standard and the URL-safe alphabet (also mixed), padding optional,
 * whitespace and line breaks ignored. Checking does not allocate, so oversized content can be measured first; it
 * also works a piece at a time ({@link Scan}), for content decoded while its request is read.
 */
public final class Base64Text {

    private Base64Text() {}

    /** @param problem null when the text is valid base64; otherwise what is wrong and how to fix it */
    public record Inspection(long decodedLength, String problem) {
        public boolean valid() {
            return problem == null;
        }
    }

    public static Inspection inspect(String text) {
        Scan scan = new Scan(null);
        for (int i = 0; i < text.length(); i++) {
            scan.accept(text.charAt(i));
        }
        return scan.finish();
    }

    /**
     * {@link #inspect} a piece at a time, for content that is never one String: fed every character in order, it
     * comes to exactly the verdict inspect gives the whole text, and hands each decoded byte to {@code out} on the
     * way (bytes of text that turns out invalid are handed out too; the caller discards them).
     */
    public static final class Scan {
        /** Enough of a data URL to quote it as {@link Text#quote} does, which shortens to 160 characters. */
        private static final int HEAD_KEPT = 256;

        private final java.util.function.IntConsumer out;
        private long index;
        private boolean leading = true;
        private final StringBuilder head = new StringBuilder();
        private boolean commaInHead;
        private boolean commaLater;
        private long data;
        private int padding;
        private String problem;
        private long badIndex = -1;
        private char badChar;
        private int buffer;
        private int bits;

        public Scan(java.util.function.IntConsumer out) {
            this.out = out;
        }

        public void accept(char c) {
            long i = index++;
            if (leading && !Character.isWhitespace(c)) {
                leading = false;
            }
            if (!leading && !commaInHead) {
                if (head.length() < HEAD_KEPT) {
                    head.append(c);
                    commaInHead = c == ',';
                } else if (c == ',') {
                    commaLater = true;
                }
            }
            if (badIndex >= 0) {
                // The character after a bad high surrogate decides how it is described.
                problem = notBase64(badChar, Character.isLowSurrogate(c) ? Character.toCodePoint(badChar, c) : badChar,
                        badIndex);
                badIndex = -1;
                return;
            }
            if (problem != null || isSpace(c)) {
                return;
            }
            if (c == '=') {
                padding++;
                if (padding > 2) {
                    problem = "more than two \"=\" padding characters at position " + (i + 1)
                            + ". \"=\" may only appear once or twice at the very end.";
                }
                return;
            }
            int v = value(c);
            if (v < 0 || padding > 0) {
                if (Character.isHighSurrogate(c)) {
                    badIndex = i;
                    badChar = c;
                } else {
                    problem = notBase64(c, c, i);
                }
                return;
            }
            data++;
            if (out != null) {
                buffer = buffer << 6 | v;
                bits += 6;
                if (bits >= 8) {
                    bits -= 8;
                    out.accept(buffer >> bits & 0xff);
                    buffer &= (1 << bits) - 1;
                }
            }
        }

        private String notBase64(char c, int cp, long i) {
            String what = padding > 0 ? "after the \"=\" padding" : "not a base64 character";
            String described = Character.isISOControl(cp) || Character.isWhitespace(cp) || Character.isSurrogate(c)
                    ? Text.codePoint(cp)
                    : "\"" + new String(Character.toChars(cp)) + "\" (" + Text.codePoint(cp) + ")";
            return "character " + described + " at position " + (i + 1) + " is " + what + ". Base64 uses only A-Z, "
                    + "a-z, 0-9, \"+\" and \"/\" (or \"-\" and \"_\"), with \"=\" padding at the end.";
        }

        public Inspection finish() {
            if (head.length() >= 5 && head.toString().regionMatches(true, 0, "data:", 0, 5)) {
                String prefix = commaInHead || commaLater ? head.toString() : "data:";
                return new Inspection(-1, "the content starts with a data URL prefix " + Text.quote(prefix)
                        + ". Send only the base64 text after the comma.");
            }
            if (badIndex >= 0) {
                problem = notBase64(badChar, badChar, badIndex);
                badIndex = -1;
            }
            if (problem != null) {
                return new Inspection(-1, problem);
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
            return new Inspection(data / 4 * 3 + (rest == 2 ? 1 : rest == 3 ? 2 : 0), null);
        }
    }

    /**
     * Decodes canonical base64 (one alphabet, no whitespace) with the JDK's decoder; null when the text is not
     * of that form, and the caller should {@link #inspect} it instead.
     */
    public static byte[] decodeStrict(String text) {
        // Characters beyond Latin-1 become '?', which no alphabet has: the text is then not canonical, as it should be.
        byte[] ascii = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return decodeStrict(ascii, 0, ascii.length);
    }

    /**
     * As {@link #decodeStrict(String)}, for the text as the bytes {@code from} to {@code to} of a request (ASCII;
     * any other byte is not base64), so that a request's content is decoded without becoming a String first.
     */
    public static byte[] decodeStrict(byte[] ascii, int from, int to) {
        for (java.util.Base64.Decoder decoder : new java.util.Base64.Decoder[] {
                java.util.Base64.getDecoder(), java.util.Base64.getUrlDecoder()}) {
            try {
                java.nio.ByteBuffer bytes = decoder.decode(java.nio.ByteBuffer.wrap(ascii, from, to - from));
                return bytes.remaining() == bytes.array().length ? bytes.array()
                        : java.util.Arrays.copyOfRange(bytes.array(), bytes.position(), bytes.limit());
            } catch (IllegalArgumentException notThisAlphabet) {
                // try the next alphabet, then the careful path
            }
        }
        return null;
    }

    /** Decodes text that {@link #inspect} accepted, into exactly {@code length} bytes. */
    public static byte[] decode(String text, int length) {
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
}
