package io.sites.app.web;

import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * What is wrong with JSON a client sent, in JSON's words (where, and what belongs there), never in Java's: the
 * parser's own messages name classes and packages, which tell a client nothing and leak how the service is built.
 */
final class JsonMistakes {
    private static final Pattern QUALIFIED = Pattern.compile("(?:[a-z][a-z0-9_]*\\.)+([A-Z][\\w$]*)");
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(?:start marker at )?\\[Source:[^\\]]*]\\)?");
    private static final Pattern SETTING = Pattern.compile(",?\\s*(?:from\\s*)?`[^`]*`");
    private static final int MAX = 300;

    private JsonMistakes() {
    }

    static String describe(Throwable cause) {
        if (cause instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return where(mismatch) + "expected " + kind(mismatch.getTargetType()) + ".";
        }
        if (cause instanceof JacksonException jackson && jackson.getOriginalMessage() != null) {
            return where(jackson) + plain(jackson.getOriginalMessage()) + at(jackson.getLocation());
        }
        return "unreadable.";
    }

    private static String where(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "" : "at " + path + ": ";
    }

    private static String kind(Class<?> type) {
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (type.isEnum()) {
            return "one of the values the interface lists";
        }
        return Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.") ? "an object" : "a value";
    }

    private static String plain(String message) {
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        line = QUALIFIED.matcher(SOURCE.matcher(line).replaceAll("")).replaceAll("$1");
        // What remains in backquotes names the parser's settings (`StreamReadConstraints.getMaxNestingDepth()`).
        line = SETTING.matcher(line).replaceAll("").strip();
        return line.length() > MAX ? line.substring(0, MAX) + "…" : line;
    }

    private static String at(TokenStreamLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
