package io.sites.bundle.rules;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/** Normalises a bundle path and checks it against the path rules. */
public final class PathRules {

    static final int MAX_PATH = 1024;
    static final int MAX_SEGMENT = 255;

    private PathRules() {}

    /** One broken path rule: what is wrong, and what to do about it. */
    public record Problem(String message, String detail) {}

    /** @param normalized NFC form without {@code ./} segments, or null when the path is missing */
    public record Checked(String normalized, List<Problem> problems) {
        public boolean valid() {
            return normalized != null && problems.isEmpty();
        }
    }

    /** Unicode NFC, {@code .} segments dropped (a final {@code .} is kept, since it names a directory). */
    public static String normalize(String raw) {
        String nfc = Normalizer.normalize(raw, Normalizer.Form.NFC);
        String[] segments = nfc.split("/", -1);
        List<String> kept = new ArrayList<>(segments.length);
        for (int i = 0; i < segments.length; i++) {
            boolean last = i == segments.length - 1;
            if (segments[i].equals(".") && !last) {
                continue;
            }
            kept.add(segments[i]);
        }
        return String.join("/", kept);
    }

    public static Checked check(String raw) {
        if (raw == null) {
            return new Checked(null, List.of(new Problem(
                    "The file has no path.",
                    "Give every file a relative path such as index.html, assets/style.css or images/photo.webp.")));
        }
        String p = normalize(raw);
        String shown = Text.quote(raw);
        String example = suggest(raw);
        String instead = example != null && !example.equals(raw) ? " For example " + Text.quote(example) + "." : "";
        List<Problem> problems = new ArrayList<>();
        if (p.isEmpty()) {
            problems.add(new Problem(
                    "Path " + shown + " is empty.",
                    "Give the file a relative path such as index.html or assets/style.css."));
            return new Checked(p, problems);
        }
        if (p.startsWith("/")) {
            problems.add(new Problem(
                    "Path " + shown + " starts with \"/\"; paths must be relative to the site root.",
                    "Remove the leading \"/\"." + instead));
        }
        if (p.indexOf('\\') >= 0) {
            problems.add(new Problem(
                    "Path " + shown + " contains a backslash.",
                    "Separate folders with \"/\", not \"\\\"." + instead));
        }
        for (int i = 0; i < p.length(); ) {
            int cp = p.codePointAt(i);
            if (Character.isISOControl(cp)) {
                problems.add(new Problem(
                        "Path " + shown + " contains the control character " + Text.codePoint(cp) + " at position "
                                + (p.codePointCount(0, i) + 1) + ".",
                        "Remove control characters such as newlines and tabs from the path." + instead));
                break;
            }
            if (Character.isSurrogate((char) cp) && Character.charCount(cp) == 1) {
                // Half of a UTF-16 pair on its own: no file system or URL can name it, and no UTF-8 encodes it.
                problems.add(new Problem(
                        "Path " + shown + " contains " + Text.codePoint(cp) + " at position "
                                + (p.codePointCount(0, i) + 1) + ", half of a surrogate pair without its other "
                                + "half; a path must be valid Unicode text.",
                        "Remove the character, or send the path as valid UTF-8 text." + instead));
                break;
            }
            i += Character.charCount(cp);
        }
        if (p.indexOf('?') >= 0 || p.indexOf('#') >= 0) {
            problems.add(new Problem(
                    "Path " + shown + " contains \"?\" or \"#\"; a path names a file, it cannot carry a query or "
                            + "fragment.",
                    "Remove the \"?\" or \"#\" and what follows it, or rename the file without these characters."
                            + instead));
        }
        String[] segments = p.split("/", -1);
        boolean dotDot = false;
        boolean emptySegment = false;
        String longSegment = null;
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            boolean first = i == 0;
            boolean last = i == segments.length - 1;
            if (s.equals("..")) {
                dotDot = true;
            } else if (s.isEmpty() && !first && !last) {
                emptySegment = true;
            }
            if (longSegment == null && s.codePointCount(0, s.length()) > MAX_SEGMENT) {
                longSegment = s;
            }
        }
        if (dotDot) {
            problems.add(new Problem(
                    "Path " + shown + " contains a \"..\" segment; paths cannot leave or step back in the site.",
                    "Give the file's location from the site root without \"..\"." + instead));
        }
        if (emptySegment) {
            problems.add(new Problem(
                    "Path " + shown + " contains an empty segment (\"//\").",
                    "Write a single \"/\" between folder names." + instead));
        }
        String lastSegment = segments[segments.length - 1];
        if (lastSegment.isEmpty() || lastSegment.equals(".")) {
            problems.add(new Problem(
                    "Path " + shown + " names a directory, not a file.",
                    "Add the file name after the last \"/\", for example " + Text.quote(directoryExample(p)) + "."));
        }
        int length = p.codePointCount(0, p.length());
        if (length > MAX_PATH) {
            problems.add(new Problem(
                    "Path " + Text.quote(p) + " has " + length + " characters; at most " + MAX_PATH + " are allowed.",
                    "Use shorter folder and file names so the whole path has at most " + MAX_PATH + " characters."));
        }
        if (longSegment != null) {
            problems.add(new Problem(
                    "Path " + Text.quote(p) + " has a segment of " + longSegment.codePointCount(0, longSegment.length())
                            + " characters; at most " + MAX_SEGMENT + " are allowed per folder or file name.",
                    "Shorten the name " + Text.quote(longSegment) + " to at most " + MAX_SEGMENT + " characters."));
        }
        return new Checked(p, List.copyOf(problems));
    }

    private static String directoryExample(String p) {
        String dir = p.endsWith("/.") ? p.substring(0, p.length() - 1) : p.equals(".") ? "" : p;
        if (dir.startsWith("/")) {
            dir = dir.replaceFirst("^/+", "");
        }
        return dir + "index.html";
    }

    /** A best-effort repair of a path, or null when none is obvious. Used in hints only. */
    public static String suggest(String raw) {
        if (raw == null) {
            return null;
        }
        String p = Normalizer.normalize(raw, Normalizer.Form.NFC).replace('\\', '/');
        StringBuilder b = new StringBuilder(p.length());
        p.codePoints().filter(cp -> !Character.isISOControl(cp) && !Character.isSurrogate((char) cp))
                .forEach(b::appendCodePoint);
        p = b.toString();
        int cut = firstIndexOf(p, '?', '#');
        if (cut > 0) {
            p = p.substring(0, cut);
        }
        List<String> kept = new ArrayList<>();
        for (String s : p.split("/")) {
            if (!s.isEmpty() && !s.equals(".") && !s.equals("..")) {
                kept.add(s);
            }
        }
        String candidate = String.join("/", kept);
        if (candidate.isEmpty() || p.endsWith("/")) {
            return null;
        }
        return acceptable(candidate) ? candidate : null;
    }

    private static boolean acceptable(String candidate) {
        if (candidate.indexOf('?') >= 0 || candidate.indexOf('#') >= 0) {
            return false;
        }
        if (candidate.codePointCount(0, candidate.length()) > MAX_PATH) {
            return false;
        }
        for (String s : candidate.split("/")) {
            if (s.codePointCount(0, s.length()) > MAX_SEGMENT) {
                return false;
            }
        }
        return true;
    }

    private static int firstIndexOf(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        if (i < 0) {
            return j;
        }
        return j < 0 ? i : Math.min(i, j);
    }
}
