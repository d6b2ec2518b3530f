package io.sites.bundle.rules;

import java.util.Locale;

/**
 * A URL as written in a bundle file, classified the way a browser resolves it against the page: a path inside the
 * site, or something from another origin.
 */
final class UrlRef {

    enum Kind {
        /** Empty, or only a fragment: refers to the document itself. */
        EMPTY,
        /** A relative or root-relative path: stays on the site. */
        SAME_SITE,
        /** {@code //host/...}: another host with the page's scheme. */
        PROTOCOL_RELATIVE,
        /** {@code http:} or {@code https:}. */
        HTTP,
        /** {@code data:} or {@code blob:}: contents that are not a file of the bundle. */
        INLINE_DATA,
        /** Any other scheme ({@code javascript:}, {@code ftp:}, ...). */
        OTHER_SCHEME
    }

    private final String raw;
    private final String cleaned;
    private final Kind kind;
    private final String scheme;

    private UrlRef(String raw, String cleaned, Kind kind, String scheme) {
        this.raw = raw;
        this.cleaned = cleaned;
        this.kind = kind;
        this.scheme = scheme;
    }

    static UrlRef of(String raw) {
        String s = clean(raw == null ? "" : raw);
        if (s.isEmpty() || s.startsWith("#")) {
            return new UrlRef(raw, s, Kind.EMPTY, null);
        }
        if (s.length() >= 2 && isSlash(s.charAt(0)) && isSlash(s.charAt(1))) {
            return new UrlRef(raw, s, Kind.PROTOCOL_RELATIVE, null);
        }
        String scheme = scheme(s);
        if (scheme == null) {
            return new UrlRef(raw, s, Kind.SAME_SITE, null);
        }
        Kind kind = switch (scheme) {
            case "http", "https" -> Kind.HTTP;
            case "data", "blob" -> Kind.INLINE_DATA;
            default -> Kind.OTHER_SCHEME;
        };
        return new UrlRef(raw, s, kind, scheme);
    }

    /** Whether the URL leaves the site: anything but a relative or root-relative path. */
    boolean external() {
        return kind != Kind.EMPTY && kind != Kind.SAME_SITE;
    }

    Kind kind() {
        return kind;
    }

    /** The lower-case scheme, or null for relative and protocol-relative URLs. */
    String scheme() {
        return scheme;
    }

    boolean relative() {
        return kind == Kind.SAME_SITE;
    }

    /** The URL for quoting in a message: shortened, data URLs cut after the media type. */
    String shown() {
        String s = raw == null ? "" : raw.strip();
        if (kind == Kind.INLINE_DATA) {
            int comma = s.indexOf(',');
            if (comma > 0 && s.length() > 60) {
                return Text.visible(s.substring(0, Math.min(comma + 1, 60))) + "…";
            }
        }
        return Text.shorten(Text.visible(s), 160);
    }

    /** The path part (no query or fragment) of a URL inside the site, for extension checks. */
    String pathPart() {
        String s = cleaned;
        int cut = s.length();
        for (char c : new char[] {'?', '#'}) {
            int i = s.indexOf(c);
            if (i >= 0) {
                cut = Math.min(cut, i);
            }
        }
        return s.substring(0, cut);
    }

    /**
     * A file name for a local copy of what the URL points to, ending in {@code .extension}: the last path segment
     * when it is usable, else a name from the host.
     */
    String suggestedFileName(String extension) {
        String name = "";
        if (kind == Kind.HTTP || kind == Kind.PROTOCOL_RELATIVE) {
            String rest = cleaned.replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*:", "").replaceFirst("^[/\\\\]+", "");
            int end = rest.length();
            for (char c : new char[] {'?', '#'}) {
                int i = rest.indexOf(c);
                if (i >= 0) {
                    end = Math.min(end, i);
                }
            }
            rest = rest.substring(0, end);
            int slash = rest.indexOf('/');
            String host = slash < 0 ? rest : rest.substring(0, slash);
            String path = slash < 0 ? "" : rest.substring(slash + 1);
            String last = path.substring(path.lastIndexOf('/') + 1);
            name = sanitize(last);
            if (name.isEmpty() || name.matches("[0-9.@-]*") || name.equalsIgnoreCase(extension)) {
                name = hostName(host);
            }
        }
        if (name.isEmpty()) {
            name = extension.equals("css") ? "styles" : "script";
        }
        if (!name.toLowerCase(Locale.ROOT).endsWith("." + extension)) {
            name = name.replaceFirst("\\.(min|js|mjs|css)$", "") + "." + extension;
        }
        return name;
    }

    private static String hostName(String host) {
        String[] labels = host.toLowerCase(Locale.ROOT).replaceFirst(":\\d+$", "").split("\\.");
        String best = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
        for (String label : labels) {
            if (!label.equals("www") && !label.equals("cdn") && label.length() > best.length()
                    && !label.equals(labels[labels.length - 1])) {
                best = label;
            }
        }
        return sanitize(best);
    }

    private static String sanitize(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_')) {
                b.append(c);
            }
        }
        String name = b.toString().replaceAll("^[.]+", "");
        return name.length() > 80 ? name.substring(name.length() - 80) : name;
    }

    /** Strips what a browser's URL parser ignores: surrounding C0 controls and spaces, tabs and newlines inside. */
    private static String clean(String raw) {
        int start = 0;
        int end = raw.length();
        while (start < end && raw.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && raw.charAt(end - 1) <= ' ') {
            end--;
        }
        StringBuilder b = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = raw.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isSlash(char c) {
        return c == '/' || c == '\\';
    }

    private static String scheme(String s) {
        if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
            return null;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') {
                return s.substring(0, i).toLowerCase(Locale.ROOT);
            }
            if (!(isAsciiLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
                return null;
            }
        }
        return null;
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /** A path from the file {@code from} (a site path) to the site path {@code to}, without a leading "./". */
    static String relativize(String from, String to) {
        String[] fromDirs = from.split("/", -1);
        String[] toParts = to.split("/", -1);
        int dirCount = fromDirs.length - 1;
        int common = 0;
        while (common < dirCount && common < toParts.length - 1 && fromDirs[common].equals(toParts[common])) {
            common++;
        }
        StringBuilder b = new StringBuilder();
        for (int i = common; i < dirCount; i++) {
            b.append("../");
        }
        for (int i = common; i < toParts.length; i++) {
            b.append(toParts[i]);
            if (i < toParts.length - 1) {
                b.append('/');
            }
        }
        return b.toString();
    }
}
