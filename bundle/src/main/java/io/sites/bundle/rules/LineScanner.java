package io.sites.bundle.rules;

/**
 * Finds and counts the line breaks of CSS or JavaScript source, so that a violation names the line a person sees in
 * an editor. CR LF is one break; CSS adds form feed, JavaScript U+2028 and U+2029.
 */
final class LineScanner {
    private final String s;
    private final boolean css;
    private int line = 1;

    private LineScanner(String source, boolean css) {
        this.s = source;
        this.css = css;
    }

    static LineScanner css(String source) {
        return new LineScanner(source, true);
    }

    static LineScanner javaScript(String source) {
        return new LineScanner(source, false);
    }

    /** The 1-based line of everything after the breaks skipped so far. */
    int line() {
        return line;
    }

    /** Whether a line break begins at {@code i}. */
    boolean breakAt(int i) {
        char c = s.charAt(i);
        return c == '\r' || c == '\n' || (css ? c == '\f' : c == '\u2028' || c == '\u2029');
    }

    /** Past the line break at {@code i}, which is counted; {@code i} itself when none begins there. */
    int skipBreak(int i) {
        if (!breakAt(i)) {
            return i;
        }
        line++;
        return s.charAt(i) == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n' ? i + 2 : i + 1;
    }

    /** Past the block comment whose {@code /*} is at {@code i} (the end of the source when unclosed), lines counted. */
    int skipBlockComment(int i) {
        int at = i + 2;
        while (at < s.length()) {
            if (s.startsWith("*/", at)) {
                return at + 2;
            }
            int next = skipBreak(at);
            at = next == at ? at + 1 : next;
        }
        return at;
    }
}
