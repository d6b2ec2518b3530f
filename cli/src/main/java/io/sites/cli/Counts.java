package io.sites.cli;

/** Counted nouns as people write them: "1 file", "2 files", "1 entry", "3 entries". */
final class Counts {
    private Counts() {
    }

    /** A regular noun: its plural adds s. */
    static String of(long count, String noun) {
        return of(count, noun, noun + "s");
    }

    static String of(long count, String singular, String plural) {
        return count + " " + (count == 1 ? singular : plural);
    }
}
