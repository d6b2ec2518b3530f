package io.sites.bundle.rules;

import io.sites.api.site.ServedPaths;
import io.sites.api.code.Warning;
import io.sites.api.code.WarningCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The link check: every reference a file makes into the site must name a path the site server will answer, by the
 * same clean-URL rules ({@link ServedPaths}). A reference resolves as a browser resolves it against its base (dot
 * segments removed, query and fragment dropped, non-ASCII sent as UTF-8 escapes), then is decoded as the server
 * decodes a request. One that climbs above the site's root is reported too, though a browser would stop at the root:
 * it works only by accident. Broken references are warnings, never violations.
 */
public final class LinkCheck {

    /** Every decoded request path, leading slash included, that reaches a file of the bundle. */
    private final Set<String> addresses;
    private final List<Warning> warnings = new ArrayList<>();
    /** The file whose references came last, and its targets already reported by line: one warning for each. */
    private Findings current;
    private final Set<String> reported = new HashSet<>();
    /** The current file's warnings listed, and those beyond {@link Listed#PER_RULE_AND_FILE} only counted. */
    private int listed;
    private long unlisted;

    /** @param paths every normalised path of the bundle */
    public LinkCheck(Set<String> paths) {
        Set<String> all = new HashSet<>(paths.size() * 3);
        paths.forEach(path -> ServedPaths.addresses(path, all::add));
        this.addresses = Set.copyOf(all);
    }

    /**
     * One BROKEN_LINK per distinct target and line of each file, in the order the files were read; at most
     * {@link Listed#PER_RULE_AND_FILE} per file, then one entry counting the file's others.
     */
    public List<Warning> warnings() {
        closeFile();
        return List.copyOf(warnings);
    }

    /** Counts the file whose references came last beyond what is listed, in one entry after its own. */
    private void closeFile() {
        if (current != null && unlisted > 0) {
            warnings.add(Listed.moreWarnings(WarningCode.BROKEN_LINK.name(), current.shownPath(), current.file(),
                    unlisted));
        }
        unlisted = 0;
        listed = 0;
    }

    /**
     * Judges one reference while the rules hold it: judged in a pass after the rules, the 24,600 references of a
     * 2,000-file bundle cost about twice as much, no longer being in the processor's cache.
     *
     * @param base the URL path it resolves against, see {@link #resolve}
     */
    void check(Findings file, int line, String target, String base) {
        String problem = problem(target, base, addresses);
        if (problem == null) {
            return;
        }
        if (file != current) {
            closeFile();
            current = file;
            reported.clear();
        }
        if (listed >= Listed.PER_RULE_AND_FILE) {
            // Past the listed ones only a count: the set of reported targets stays small too.
            if (!reported.contains(line + " " + target)) {
                unlisted++;
            }
            return;
        }
        if (reported.add(line + " " + target)) {
            listed++;
            String shown = UrlRef.of(target).shown();
            warnings.add(Warning.of(WarningCode.BROKEN_LINK, file.shownPath(),
                    "File " + file.file() + " refers to " + Text.quote(shown) + Text.onLine(line) + ", which "
                            + problem + ".",
                    Text.at(line) + shown));
        }
    }

    /** Why the reference is broken, as the end of a sentence; null when it works or is not checked. */
    static String problem(String target, String base, Set<String> addresses) {
        String address = plainAddress(target, base);
        if (address == null) {
            Resolved resolved = resolve(target, base);
            if (resolved == null) {
                return null;
            }
            if (resolved.aboveRoot()) {
                return "climbs above the site's root with \"..\"";
            }
            if (resolved.path() == null) {
                return "is no valid address of a file (a broken %-escape or a control character)";
            }
            address = "/" + resolved.path();
        }
        return addresses.contains(address) ? null : "is not a file of the bundle";
    }

    /**
     * The request path (leading slash included) of a reference written plainly, as nearly all are: printable ASCII
     * without escapes, dot segments, backslashes, scheme, query or fragment, against a base without escapes. For
     * these the browser's resolution and the server's decoding change nothing but the join, so the check skips
     * them; null for any other reference, which {@link #resolve} takes.
     */
    static String plainAddress(String target, String base) {
        int n = target.length();
        if (n == 0 || target.charAt(0) == '.' || target.startsWith("//")) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            char c = target.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '%' || c == '\\' || c == '?' || c == '#' || c == ':'
                    || c == '.' && target.charAt(i - 1) == '/') {
                return null;
            }
        }
        if (target.charAt(0) == '/') {
            return target;
        }
        int slash = base.lastIndexOf('/');
        if (slash < 0) {
            return "/".concat(target);
        }
        return base.indexOf('%') < 0 ? "/" + base.substring(0, slash + 1) + target : null;
    }

    /**
     * Where a reference leads inside the site.
     *
     * @param path      the decoded bundle path asked for (no leading slash; "" for the root, "dir/" for a directory),
     *                  null when the address can name no file
     * @param aboveRoot whether {@code ..} climbed above the root
     */
    record Resolved(String path, boolean aboveRoot) {}

    /**
     * @param base the URL path (escapes as in a URL) the reference resolves against, without a leading slash
     * @return null for a reference that is not checked: another origin or scheme, or the document itself
     */
    static Resolved resolve(String target, String base) {
        UrlRef ref = UrlRef.of(target);
        if (!ref.relative()) {
            return null;
        }
        String path = ref.pathPart().replace('\\', '/');
        if (path.isEmpty()) {
            return null; // only a query: the document itself
        }
        String clean = withoutDotSegments(join(path, base));
        if (clean == null) {
            return new Resolved(null, true);
        }
        return new Resolved(ServedPaths.decode("/" + utf8Escaped(clean)).orElse(null), false);
    }

    /**
     * The URL path a document's {@code <base href>} sets, its dot segments removed; null when the base leads out of
     * the site or above its root, so that no reference of the document can be judged.
     */
    static String base(String href, String documentBase) {
        UrlRef ref = UrlRef.of(href);
        if (ref.kind() == UrlRef.Kind.EMPTY) {
            return documentBase;
        }
        String path = ref.relative() ? ref.pathPart().replace('\\', '/') : null;
        if (path == null) {
            return null;
        }
        return path.isEmpty() ? documentBase : withoutDotSegments(join(path, documentBase));
    }

    private static String join(String path, String base) {
        return path.startsWith("/") ? path.substring(1) : base.substring(0, base.lastIndexOf('/') + 1) + path;
    }

    /** A site path as a URL path, for resolving against: what would be read as an escape or a query is escaped. */
    static String urlPath(String sitePath) {
        if (sitePath == null) {
            return "";
        }
        return sitePath.replace("%", "%25").replace("?", "%3F").replace("#", "%23");
    }

    /** The URL standard's removal of "." and ".." segments (also escaped as %2e); null when ".." leaves the root. */
    private static String withoutDotSegments(String path) {
        String[] segments = path.split("/", -1);
        List<String> out = new ArrayList<>(segments.length);
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (singleDot(segment) || doubleDot(segment)) {
                if (doubleDot(segment)) {
                    if (out.isEmpty()) {
                        return null;
                    }
                    out.removeLast();
                }
                if (last) {
                    out.add("");
                }
            } else {
                out.add(segment);
            }
        }
        return String.join("/", out);
    }

    private static boolean singleDot(String s) {
        return s.equals(".") || s.equalsIgnoreCase("%2e");
    }

    private static boolean doubleDot(String s) {
        return s.equals("..") || s.equalsIgnoreCase(".%2e") || s.equalsIgnoreCase("%2e.")
                || s.equalsIgnoreCase("%2e%2e");
    }

    /** What a browser sends for the path: characters beyond ASCII as escapes of their UTF-8 bytes. */
    private static String utf8Escaped(String path) {
        StringBuilder b = null;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x80) {
                if (b != null) {
                    b.append(c);
                }
                continue;
            }
            if (b == null) {
                b = new StringBuilder(path.length() + 16).append(path, 0, i);
            }
            int end = Character.isHighSurrogate(c) && i + 1 < path.length()
                    && Character.isLowSurrogate(path.charAt(i + 1)) ? i + 2 : i + 1;
            for (byte x : path.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                b.append('%').append(Character.toUpperCase(Character.forDigit((x >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(x & 0xf, 16)));
            }
            i = end - 1;
        }
        return b == null ? path : b.toString();
    }
}
