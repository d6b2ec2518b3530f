package io.sites.bundle.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * A small, forgiving JavaScript tokenizer: enough to tell code from comments, strings, template literals and regular
 * expression literals, so that rules look only at code. It never fails; on broken input it keeps going. Strings end
 * at a line break, which limits the damage of a stray quote (for example an apostrophe in JSX text) to one line.
 */
final class JsTokens {

    enum Kind { IDENT, PRIVATE_NAME, STRING, TEMPLATE, NUMBER, REGEX, PUNCT }

    /**
     * @param text    the token as written (for STRING and TEMPLATE without quotes, undecoded)
     * @param value   for STRING: the decoded value; for TEMPLATE: the decoded text before the first substitution
     * @param partial for TEMPLATE: whether a substitution follows, so {@code value} is only a prefix
     * @param line    1-based line of the token start
     * @param offset  offset of the token start in the source
     */
    record Token(Kind kind, String text, String value, boolean partial, int line, int offset) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        boolean isIdent(String name) {
            return kind == Kind.IDENT && text.equals(name);
        }

        /** The literal value of a string or template token, or null. */
        String literal() {
            return kind == Kind.STRING || kind == Kind.TEMPLATE ? value : null;
        }
    }

    private static final String[] PUNCTUATORS = {
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
        "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=",
        "|=", "^=", "**", "<<", ">>"
    };

    private static final Set<String> KEYWORDS_BEFORE_EXPRESSION = Set.of(
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
            "yield", "await");

    private final String s;
    private final Deque<Integer> templateDepths = new ArrayDeque<>();
    private final LineScanner lines;
    private Token last;
    private Token produced;
    private int i;
    private int braceDepth;

    /** A tokenizer that hands out tokens one at a time with {@link #next()}, so memory stays flat. */
    JsTokens(String source) {
        this.s = source;
        this.lines = LineScanner.javaScript(source);
        if (s.startsWith("#!")) {
            skipLine();
        }
    }

    /** All tokens at once; for small sources and tests. */
    static List<Token> tokenize(String source) {
        JsTokens t = new JsTokens(source);
        List<Token> tokens = new ArrayList<>();
        for (Token tok = t.next(); tok != null; tok = t.next()) {
            tokens.add(tok);
        }
        return tokens;
    }

    /** The next token, or null at the end of the source. */
    Token next() {
        produced = null;
        while (produced == null && i < s.length()) {
            step();
        }
        return produced;
    }

    private void emit(Token token) {
        produced = token;
        last = token;
    }

    /** Consumes whitespace, a comment or one token. */
    private void step() {
        char c = s.charAt(i);
        char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
        if (newline()) {
            return;
        }
        if (Character.isWhitespace(c) || c == '\u00a0' || c == '\ufeff') {
            i++;
        } else if (c == '/' && next == '/') {
            skipLine();
        } else if (c == '/' && next == '*') {
            skipBlockComment();
        } else if (c == '<' && s.startsWith("<!--", i)) {
            skipLine(); // HTML-like comment, valid in classic scripts
        } else if (c == '\'' || c == '"') {
            string(c);
        } else if (c == '`') {
            int start = i;
            int startLine = lines.line();
            i++;
            template(start, startLine, true);
        } else if (c == '}' && !templateDepths.isEmpty() && braceDepth == templateDepths.peek()) {
            templateDepths.pop();
            int start = i;
            int startLine = lines.line();
            i++;
            template(start, startLine, false);
        } else if (isIdentStart(c) || c == '\\' && next == 'u') {
            identifier(Kind.IDENT, i);
        } else if (c == '#' && (isIdentStart(next) || next == '\\')) {
            int start = i;
            i++;
            identifier(Kind.PRIVATE_NAME, start);
        } else if (c >= '0' && c <= '9' || c == '.' && next >= '0' && next <= '9') {
            number();
        } else if (c == '/' && regexAllowed() && regex()) {
            // consumed
        } else {
            punct();
        }
    }

    /** Consumes a line terminator and counts it; false when there is none at the cursor. */
    private boolean newline() {
        int next = lines.skipBreak(i);
        boolean found = next != i;
        i = next;
        return found;
    }

    private boolean atLineEnd() {
        return lines.breakAt(i);
    }

    private void skipLine() {
        while (i < s.length() && !atLineEnd()) {
            i++;
        }
    }

    private void skipBlockComment() {
        i = lines.skipBlockComment(i);
    }

    private void string(char quote) {
        int start = i;
        int startLine = lines.line();
        i++;
        StringBuilder value = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == quote) {
                i++;
                break;
            }
            if (atLineEnd()) {
                break; // unterminated: end the string at the line break
            }
            if (c == '\\') {
                escape(value);
            } else {
                value.append(c);
                i++;
            }
        }
        emit(new Token(Kind.STRING, s.substring(start, i), value.toString(), false, startLine, start));
    }

    /** Reads template characters up to the closing backtick or the next substitution. */
    private void template(int start, int startLine, boolean head) {
        StringBuilder value = new StringBuilder();
        boolean partial = false;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '`') {
                i++;
                break;
            }
            if (c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
                i += 2;
                partial = true;
                templateDepths.push(braceDepth);
                break;
            }
            if (c == '\\') {
                escape(value);
            } else if (!newline()) {
                value.append(c);
                i++;
            } else {
                value.append('\n');
            }
        }
        emit(new Token(
                Kind.TEMPLATE, s.substring(start, i), head ? value.toString() : null, partial || !head, startLine,
                start));
    }

    /** Decodes one escape sequence at the cursor (a backslash) into {@code out}. */
    private void escape(StringBuilder out) {
        i++;
        if (i >= s.length()) {
            return;
        }
        char c = s.charAt(i);
        if (atLineEnd()) {
            newline(); // line continuation
            return;
        }
        i++;
        switch (c) {
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case 'r' -> out.append('\r');
            case 'b' -> out.append('\b');
            case 'f' -> out.append('\f');
            case 'v' -> out.append('\u000b');
            case '0' -> out.append('\0');
            case 'x' -> hex(out, 2);
            case 'u' -> {
                if (i < s.length() && s.charAt(i) == '{') {
                    int close = s.indexOf('}', i);
                    if (close > i && close - i <= 7) {
                        try {
                            out.appendCodePoint(Integer.parseInt(s.substring(i + 1, close), 16));
                            i = close + 1;
                        } catch (IllegalArgumentException e) {
                            out.append('u');
                        }
                    } else {
                        out.append('u');
                    }
                } else {
                    hex(out, 4);
                }
            }
            default -> out.append(c);
        }
    }

    private void hex(StringBuilder out, int digits) {
        if (i + digits <= s.length()) {
            try {
                out.append((char) Integer.parseInt(s.substring(i, i + digits), 16));
                i += digits;
                return;
            } catch (NumberFormatException e) {
                // fall through: keep the letter
            }
        }
        out.append(s.charAt(i - 1));
    }

    private void identifier(Kind kind, int start) {
        StringBuilder name = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == 'u') {
                escape(name);
            } else if (Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c) || c == '$') {
                name.append(c);
                i++;
            } else {
                break;
            }
        }
        if (i == start) {
            i++;
        }
        emit(new Token(kind, name.toString(), null, false, lines.line(), start));
    }

    private void number() {
        int start = i;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_') {
                i++;
            } else if ((c == '+' || c == '-') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')
                    && !s.substring(start, i).startsWith("0x") && !s.substring(start, i).startsWith("0X")) {
                i++;
            } else {
                break;
            }
        }
        emit(new Token(Kind.NUMBER, s.substring(start, i), null, false, lines.line(), start));
    }

    private boolean regexAllowed() {
        if (last == null) {
            return true;
        }
        Token prev = last;
        return switch (prev.kind()) {
            case IDENT -> KEYWORDS_BEFORE_EXPRESSION.contains(prev.text());
            case PUNCT -> !(prev.is(")") || prev.is("]") || prev.is("++") || prev.is("--"));
            default -> false;
        };
    }

    /** Reads a regular expression literal; false (cursor unchanged) when the line ends before it closes. */
    private boolean regex() {
        int start = i;
        int j = i + 1;
        boolean inClass = false;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (lines.breakAt(j)) {
                return false;
            }
            if (c == '\\') {
                j += 2;
                continue;
            }
            if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            } else if (c == '/' && !inClass) {
                break;
            }
            j++;
        }
        if (j >= s.length()) {
            return false;
        }
        j++;
        while (j < s.length() && Character.isLetter(s.charAt(j))) {
            j++;
        }
        i = j;
        emit(new Token(Kind.REGEX, s.substring(start, j), null, false, lines.line(), start));
        return true;
    }

    private void punct() {
        int start = i;
        String text = null;
        for (String p : PUNCTUATORS) {
            if (s.startsWith(p, i)) {
                // "?." followed by a digit is a conditional operator and a number, not optional chaining.
                if (p.equals("?.") && i + 2 < s.length() && Character.isDigit(s.charAt(i + 2))) {
                    continue;
                }
                text = p;
                break;
            }
        }
        if (text == null) {
            text = String.valueOf(s.charAt(i));
        }
        i += text.length();
        if (text.equals("{")) {
            braceDepth++;
        } else if (text.equals("}")) {
            braceDepth--;
        }
        emit(new Token(Kind.PUNCT, text, null, false, lines.line(), start));
    }

    private static boolean isIdentStart(char c) {
        return Character.isJavaIdentifierStart(c);
    }
}
