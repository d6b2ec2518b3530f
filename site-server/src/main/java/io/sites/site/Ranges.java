package io.sites.site;

/** Parses a Range header for one file. One range only: several ranges are answered with the whole file. */
final class Ranges {
    /** Returned when the header is well formed but no range overlaps the file (416). */
    static final long[] UNSATISFIABLE = new long[0];

    private Ranges() {
    }

    /**
     * The first and last byte of the single requested range, {@link #UNSATISFIABLE}, or null when the header is to
     * be ignored (not bytes, malformed, or several ranges).
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
        try {
            String first = spec.substring(0, dash).trim();
            String last = spec.substring(dash + 1).trim();
            if (first.isEmpty()) {
                if (last.isEmpty()) {
                    return null;
                }
                long suffix = Long.parseLong(last);
                if (suffix == 0 || size == 0) {
                    return UNSATISFIABLE;
                }
                return new long[] {Math.max(0, size - suffix), size - 1};
            }
            long start = Long.parseLong(first);
            long end = last.isEmpty() ? size - 1 : Long.parseLong(last);
            if (start < 0 || (!last.isEmpty() && end < start)) {
                return null;
            }
            if (start >= size) {
                return UNSATISFIABLE;
            }
            return new long[] {start, Math.min(end, size - 1)};
        } catch (NumberFormatException malformed) {
            return null;
        }
    }
}
