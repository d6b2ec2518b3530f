package io.sites.bundle.rules;

import java.util.Locale;

/** Small helpers for writing violation messages. */
public final class Text {

    private Text() {}

    /** The value in double quotes, shortened when long, control characters made visible. */
    public static String quote(String value) {
        if (value == null) {
            return "(none)";
        }
        return "\"" + shorten(visible(value), 160) + "\"";
    }

    static String shorten(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int keep = max - 1;
        if (Character.isHighSurrogate(s.charAt(keep - 1))) {
            keep--;
        }
        return s.substring(0, keep) + "…";
    }

    /** Replaces control characters by their escape so they show in a message. */
    static String visible(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || Character.isSurrogate(c) && !validPair(s, i)) {
                        b.append(codePoint(c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    private static boolean validPair(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    public static String codePoint(int cp) {
        return String.format(Locale.ROOT, "U+%04X", cp);
    }

    public static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d bytes", n);
    }

    /** The part of a source line around an offset, trimmed, for quoting in a detail. */
    static String excerpt(String source, int offset) {
        int start = offset;
        while (start > 0 && source.charAt(start - 1) != '\n' && source.charAt(start - 1) != '\r' && offset - start < 60) {
            start--;
        }
        int end = offset;
        while (end < source.length() && source.charAt(end) != '\n' && source.charAt(end) != '\r' && end - offset < 100) {
            end++;
        }
        String line = source.substring(start, end).strip();
        boolean cutStart = start > 0 && source.charAt(start - 1) != '\n' && source.charAt(start - 1) != '\r';
        boolean cutEnd = end < source.length() && source.charAt(end) != '\n' && source.charAt(end) != '\r';
        return (cutStart ? "…" : "") + visible(line) + (cutEnd ? "…" : "");
    }

    /** "line 7: " or "" when the line is not known. */
    static String at(int line) {
        return line > 0 ? "line " + line + ": " : "";
    }

    /** "at line 7" or "" when the line is not known, with a leading space. */
    static String onLine(int line) {
        return line > 0 ? " at line " + line : "";
    }
}
