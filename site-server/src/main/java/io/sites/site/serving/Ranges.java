package io.sites.site.serving;

/** Parses a Range header for one file. One range only: several ranges are answered with the whole file. */
final class Ranges {
    /** Returned when the header is well formed but no range overlaps the file (416). */
    static final long[] UNSATISFIABLE = new long[0];
    /** Marks a position that is not a run of digits (a sign, a second dash, a letter, nothing). */
    private static final long MALFORMED = -1;

    private Ranges() {
    }

    /**
     * The first and last byte of the single requested range, {@link #UNSATISFIABLE}, or null when the header is to
     * be ignored (not bytes, malformed, or several ranges). Positions are digits only (RFC 9110 {@code 1*DIGIT}):
     * {@code Long.parseLong} would also take "-5" and "+5", and a negative suffix once indexed past the file.
     */
    static long[] parse(String header, long size) {
        String value = header.trim();
        if (!value.regionMatches(true, 0, "bytes=", 0, 6) || value.indexOf(',') >= 0) {
            return null;
        }
        String spec = value.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String first = spec.substring(0, dash).trim();
        String last = spec.substring(dash + 1).trim();
        if (first.isEmpty()) {
            long suffix = position(last);
            if (suffix == MALFORMED) {
                return null;
            }
            if (suffix == 0 || size == 0) {
                return UNSATISFIABLE;
            }
            return new long[] {Math.max(0, size - suffix), size - 1};
        }
        long start = position(first);
        long end = last.isEmpty() ? Long.MAX_VALUE : position(last);
        if (start == MALFORMED || end == MALFORMED || end < start) {
            return null;
        }
        if (start >= size) {
            return UNSATISFIABLE;
        }
        return new long[] {start, Math.min(end, size - 1)};
    }

    /** A run of ASCII digits as a number, saturated at Long.MAX_VALUE (beyond any file); else {@link #MALFORMED}. */
    private static long position(String digits) {
        if (digits.isEmpty()) {
            return MALFORMED;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return MALFORMED;
            }
            value = value > (Long.MAX_VALUE - (c - '0')) / 10 ? Long.MAX_VALUE : value * 10 + (c - '0');
        }
        return value;
    }
}
