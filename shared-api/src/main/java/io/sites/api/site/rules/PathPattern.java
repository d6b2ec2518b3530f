package io.sites.api.site.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The path of a rule: literal segments, {@code :name} placeholders (one segment each) and a final {@code *} (the
 * splat: the rest of the path, also nothing, so {@code /news/*} matches {@code /news}). Matched segment by segment,
 * no regular expressions. Paths compare exactly: {@code /about} and {@code /about/} are different addresses.
 */
final class PathPattern {
    static final String SPLAT = "splat";

    final String text;
    /** Segments after the leading slash; a placeholder is held as ":name". */
    private final String[] segments;
    final boolean splat;
    /** The text before the first placeholder or splat: what every matching path starts with. */
    final String literalPrefix;
    final List<String> names;

    private PathPattern(String text, String[] segments, boolean splat, String literalPrefix, List<String> names) {
        this.text = text;
        this.segments = segments;
        this.splat = splat;
        this.literalPrefix = literalPrefix;
        this.names = names;
    }

    /** The pattern, or null with {@code problem[0]} set when the text is no pattern. */
    static PathPattern parse(String text, String[] problem) {
        if (!text.startsWith("/")) {
            problem[0] = "the path " + quote(text) + " does not start with \"/\"";
            return null;
        }
        if (text.contains("?") || text.contains("#")) {
            problem[0] = "the path " + quote(text) + " has a query or fragment; matching by query parameters is "
                    + "not supported";
            return null;
        }
        String body = text.substring(1);
        boolean splat = body.equals("*") || body.endsWith("/*");
        if (splat) {
            body = body.substring(0, body.length() - 1);
        }
        if (body.contains("*")) {
            problem[0] = "the path " + quote(text) + " has a \"*\" that is not its last segment";
            return null;
        }
        String[] segments = body.isEmpty() ? new String[0] : body.split("/", -1);
        if (splat && segments.length > 0) {
            segments = java.util.Arrays.copyOf(segments, segments.length - 1); // the empty one before "*"
        }
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>(); // a set: a pattern may have thousands of placeholders
        int literalEnd = -1;
        StringBuilder prefix = new StringBuilder("/");
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            if (s.startsWith(":")) {
                if (s.length() == 1 || !s.substring(1).chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
                    problem[0] = "the placeholder " + quote(s) + " in " + quote(text) + " is not \":name\"";
                    return null;
                }
                if (!seen.add(s.substring(1)) || s.substring(1).equals(SPLAT)) {
                    problem[0] = "the placeholder " + quote(s) + " appears twice or is reserved in " + quote(text);
                    return null;
                }
                names.add(s.substring(1));
                literalEnd = literalEnd < 0 ? i : literalEnd;
            } else if (literalEnd < 0) {
                prefix.append(s).append(i + 1 < segments.length || splat ? "/" : "");
            }
        }
        if (splat) {
            names.add(SPLAT);
        }
        String literalPrefix = prefix.toString();
        return new PathPattern(text, segments, splat, literalPrefix, List.copyOf(names));
    }

    boolean exact() {
        return names.isEmpty();
    }

    /** The segments as {@link PathTree} files them: "/" alone is one empty segment, as a path "/" splits. */
    String[] treeSegments() {
        return segments.length == 0 && !splat ? new String[] {""} : segments;
    }

    /**
     * Whether the path (decoded, with its leading slash) matches; fills {@code values} (name, value pairs) when
     * given.
     */
    boolean matches(String path, Map<String, String> values) {
        int at = 1;
        for (String segment : segments) {
            if (at > path.length()) {
                return false;
            }
            int end = path.indexOf('/', at);
            boolean last = end < 0;
            if (last) {
                end = path.length();
            }
            String actual = path.substring(at, end);
            if (segment.startsWith(":")) {
                if (actual.isEmpty()) {
                    return false;
                }
                if (values != null) {
                    values.put(segment.substring(1), actual);
                }
            } else if (!segment.equals(actual)) {
                return false;
            }
            at = last ? path.length() + 1 : end + 1;
        }
        if (splat) {
            String rest = at > path.length() ? "" : path.substring(at);
            if (values != null) {
                values.put(SPLAT, rest);
            }
            return true;
        }
        return at == path.length() + 1 || (segments.length == 0 && path.equals("/"));
    }

    /**
     * Whether every path this pattern matches, the other matches too (so a later rule with this pattern is never
     * reached): the same shape, or the other's splat covers this one's literal start. The definition that
     * {@link RuleCoverage} indexes; the tests hold the index to it.
     */
    boolean coveredBy(PathPattern earlier) {
        if (earlier.shape().equals(shape()) || (exact() && earlier.matches(text, null))) {
            return true;
        }
        if (!earlier.splat || !earlier.names.equals(List.of(SPLAT))) {
            return false;
        }
        String base = earlier.literalPrefix; // "/news/" for /news/*, "/" for /*
        String start = exact() ? text : literalPrefix;
        return start.startsWith(base) || (start + "/").equals(base);
    }

    /** The pattern with placeholder names erased: two patterns of one shape match the same paths. */
    String shape() {
        StringBuilder out = new StringBuilder();
        for (String s : segments) {
            out.append('/').append(s.startsWith(":") ? ":" : s);
        }
        return out.append(splat ? "/*" : "").toString();
    }

    static String quote(String text) {
        return "\"" + text + "\"";
    }
}
