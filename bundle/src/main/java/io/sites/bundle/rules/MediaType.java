package io.sites.bundle.rules;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A syntactically valid media type (RFC 9110 section 8.3.1): {@code type/subtype *( OWS ";" OWS name=value )}, with
 * type, subtype and parameter names lower-cased.
 */
public record MediaType(String type, String subtype, Map<String, String> parameters) {

    public static Optional<MediaType> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Cursor c = new Cursor(text.strip());
        String type = c.token();
        if (type == null || !c.take('/')) {
            return Optional.empty();
        }
        String subtype = c.token();
        if (subtype == null) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        while (true) {
            c.skipSpace();
            if (c.done()) {
                break;
            }
            if (!c.take(';')) {
                return Optional.empty();
            }
            c.skipSpace();
            if (c.done()) {
                break; // a trailing ";" is tolerated
            }
            String name = c.token();
            if (name == null || !c.take('=')) {
                return Optional.empty();
            }
            String value = c.peek() == '"' ? c.quoted() : c.token();
            if (value == null) {
                return Optional.empty();
            }
            name = name.toLowerCase(Locale.ROOT);
            parameters.put(name, name.equals("charset") ? value.toLowerCase(Locale.ROOT) : value);
        }
        return Optional.of(new MediaType(
                type.toLowerCase(Locale.ROOT), subtype.toLowerCase(Locale.ROOT), Map.copyOf(parameters)));
    }

    /** type/subtype without parameters. */
    public String essence() {
        return type + "/" + subtype;
    }

    /** The normalised form; text types get {@code charset=utf-8} when no charset is given. */
    public String served() {
        StringBuilder b = new StringBuilder(essence());
        parameters.forEach((name, value) -> b.append("; ").append(name).append('=').append(
                isToken(value) ? value : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\""));
        if (ContentTypes.isText(essence()) && !parameters.containsKey("charset")) {
            b.append("; charset=utf-8");
        }
        return b.toString();
    }

    private static boolean isToken(String s) {
        return !s.isEmpty() && s.chars().allMatch(MediaType::isTokenChar);
    }

    static boolean isTokenChar(int c) {
        return c < 127 && (Character.isLetterOrDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0);
    }

    private static final class Cursor {
        private final String s;
        private int i;

        Cursor(String s) {
            this.s = s;
        }

        boolean done() {
            return i >= s.length();
        }

        char peek() {
            return done() ? 0 : s.charAt(i);
        }

        boolean take(char c) {
            if (peek() == c && !done()) {
                i++;
                return true;
            }
            return false;
        }

        void skipSpace() {
            while (!done() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
        }

        String token() {
            int start = i;
            while (!done() && isTokenChar(s.charAt(i))) {
                i++;
            }
            return i > start ? s.substring(start, i) : null;
        }

        String quoted() {
            StringBuilder b = new StringBuilder();
            i++; // opening quote
            while (!done()) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c == '\\') {
                    if (done()) {
                        return null;
                    }
                    c = s.charAt(i++);
                }
                if (c < 0x20 && c != '\t' || c == 0x7f) {
                    return null;
                }
                b.append(c);
            }
            return null;
        }
    }
}
