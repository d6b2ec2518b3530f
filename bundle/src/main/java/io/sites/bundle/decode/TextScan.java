package io.sites.bundle.decode;

import java.util.function.IntConsumer;

/**
 * Checks text content a piece at a time as {@code BundleReader} checks a whole String (the first unpaired UTF-16
 * surrogate, with its line and column) and hands its UTF-8 bytes to {@code out} on the way.
 */
public final class TextScan {
    private final IntConsumer out;
    private long index;
    private long line = 1;
    private long lineStart;
    private char high;
    private long highIndex = -1;
    private char bad;
    private String where;

    public TextScan(IntConsumer out) {
        this.out = out;
    }

    public void accept(char c) {
        long i = index++;
        if (where != null) {
            return;
        }
        if (highIndex >= 0) {
            if (Character.isLowSurrogate(c)) {
                int cp = Character.toCodePoint(high, c);
                out.accept(0xf0 | cp >> 18);
                out.accept(0x80 | cp >> 12 & 0x3f);
                out.accept(0x80 | cp >> 6 & 0x3f);
                out.accept(0x80 | cp & 0x3f);
                highIndex = -1;
                return;
            }
            unpaired(high, highIndex);
            return;
        }
        if (Character.isHighSurrogate(c)) {
            high = c;
            highIndex = i;
            return;
        }
        if (Character.isLowSurrogate(c)) {
            unpaired(c, i);
            return;
        }
        if (c < 0x80) {
            out.accept(c);
        } else if (c < 0x800) {
            out.accept(0xc0 | c >> 6);
            out.accept(0x80 | c & 0x3f);
        } else {
            out.accept(0xe0 | c >> 12);
            out.accept(0x80 | c >> 6 & 0x3f);
            out.accept(0x80 | c & 0x3f);
        }
        if (c == '\n') {
            line++;
            lineStart = i + 1;
        }
    }

    private void unpaired(char c, long at) {
        bad = c;
        // A surrogate is never a line break, so the line is still the one the surrogate stands on.
        where = "line " + line + ", column " + (at - lineStart + 1);
    }

    /** Null when the text is valid; otherwise the unpaired surrogate is {@link #bad()}. */
    public String where() {
        if (highIndex >= 0 && where == null) {
            unpaired(high, highIndex);
        }
        return where;
    }

    public char bad() {
        return bad;
    }
}
