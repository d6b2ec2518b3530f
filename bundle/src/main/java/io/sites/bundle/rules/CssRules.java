package io.sites.bundle.rules;

import io.sites.api.code.ViolationCode;
import io.sites.api.site.policy.ContentPolicy.Load;

/**
 * Authoring rules on CSS (files, {@code <style>} elements and style attributes): no {@code @import} from another
 * origin. A small scanner skips comments and strings, so only real at-rules count; on the same pass it hands every
 * {@code url()} and {@code @import} address to the link check.
 *
 * <p>A change to what these rules find must bump {@link AuthoringRules#VERSION}: findings are kept by content.
 */
final class CssRules {

    private final String s;
    private final int firstLine;
    private final String where;
    private final Findings out;
    private final LineScanner lines;
    private int i;

    private CssRules(String source, int firstLine, String where, Findings out) {
        this.s = source;
        this.firstLine = firstLine;
        this.where = where;
        this.out = out;
        this.lines = LineScanner.css(source);
    }

    /**
     * @param firstLine line in the file on which the source starts (0 when unknown)
     * @param where     where in the file, for messages, for example " in a <style> element"; "" for a CSS file
     */
    static void check(String source, int firstLine, String where, Findings out) {
        new CssRules(source, firstLine, where, out).run();
    }

    private void run() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (newline()) {
                continue;
            }
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                skipComment();
            } else if (c == '"' || c == '\'') {
                string(c);
            } else if (c == '\\') {
                i = Math.min(s.length(), i + 2);
            } else if (c == '@') {
                atRule();
            } else if ((c == 'u' || c == 'U') && s.regionMatches(true, i, "url(", 0, 4) && !nameBefore(i)) {
                int line = fileLine(lines.line());
                i += 4;
                String url = urlArgument();
                out.reference(line, url);
                out.load(line, url, Load.IMAGE); // img-src and font-src allow the same origins
            } else {
                i++;
            }
        }
    }

    private void atRule() {
        int start = i;
        int atLine = lines.line();
        i++;
        int nameStart = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '-' || s.charAt(i) == '_')) {
            i++;
        }
        if (!s.substring(nameStart, i).equalsIgnoreCase("import")) {
            return;
        }
        skipSpaceAndComments();
        String url = null;
        if (i < s.length() && (s.charAt(i) == '"' || s.charAt(i) == '\'')) {
            url = string(s.charAt(i));
        } else if (s.regionMatches(true, i, "url(", 0, 4)) {
            i += 4;
            url = urlArgument();
        }
        if (url == null) {
            return;
        }
        int fileLine = fileLine(atLine);
        out.reference(fileLine, url);
        UrlRef ref = UrlRef.of(url);
        if (ref.external()) {
            String local = "assets/" + ref.suggestedFileName("css");
            out.add(ViolationCode.EXTERNAL_URL,
                    "File " + out.file() + " imports a stylesheet from outside the site with @import (" + ref.shown() + ")"
                            + where + "; styles from other origins are rejected.",
                    Text.at(fileLine) + Text.excerpt(s, start) + ". Download the stylesheet (and the fonts and "
                            + "images it references), add it to the bundle (for example as " + local + ") and "
                            + "import it with a relative path: @import url(\"" + out.relativeTo(local) + "\");");
        }
    }

    /** The value of a url( ) whose parenthesis is just behind the cursor, quoted or not. */
    private String urlArgument() {
        skipSpaceAndComments();
        if (i < s.length() && (s.charAt(i) == '"' || s.charAt(i) == '\'')) {
            return string(s.charAt(i));
        }
        StringBuilder b = new StringBuilder();
        while (i < s.length() && s.charAt(i) != ')' && !Character.isWhitespace(s.charAt(i))) {
            if (s.charAt(i) == '\\') {
                escape(b);
            } else {
                b.append(s.charAt(i++));
            }
        }
        return b.toString();
    }

    /** Whether the character before {@code at} continues a name, so "url(" there is part of another function. */
    private boolean nameBefore(int at) {
        if (at == 0) {
            return false;
        }
        char c = s.charAt(at - 1);
        return Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '\\' || c >= 0x80;
    }

    /** The line in the file of a line of this source. */
    private int fileLine(int sourceLine) {
        return firstLine > 0 ? firstLine + sourceLine - 1 : 0;
    }

    /** Consumes a line break and counts it; false when there is none at the cursor. */
    private boolean newline() {
        int next = lines.skipBreak(i);
        boolean found = next != i;
        i = next;
        return found;
    }

    private void skipComment() {
        i = lines.skipBlockComment(i);
    }

    private void skipSpaceAndComments() {
        while (i < s.length()) {
            if (s.startsWith("/*", i)) {
                skipComment();
            } else if (newline()) {
                // counted
            } else if (Character.isWhitespace(s.charAt(i))) {
                i++;
            } else {
                return;
            }
        }
    }

    /** Reads a quoted string at the cursor and returns its value; a line break ends it. */
    private String string(char quote) {
        StringBuilder b = new StringBuilder();
        i++;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == quote) {
                i++;
                break;
            }
            if (lines.breakAt(i)) {
                break;
            }
            if (c == '\\') {
                escape(b);
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** Decodes a CSS escape at the cursor (a backslash). */
    private void escape(StringBuilder b) {
        i++;
        if (i >= s.length()) {
            return;
        }
        if (newline()) {
            return;
        }
        int start = i;
        while (i < s.length() && i - start < 6 && Character.digit(s.charAt(i), 16) >= 0) {
            i++;
        }
        if (i > start) {
            int cp = Integer.parseInt(s.substring(start, i), 16);
            b.appendCodePoint(cp == 0 || cp > Character.MAX_CODE_POINT || Character.isSurrogate((char) cp) && cp <= 0xFFFF
                    ? 0xFFFD : cp);
            if (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                if (!newline()) {
                    i++;
                }
            }
        } else {
            b.append(s.charAt(i++));
        }
    }
}
