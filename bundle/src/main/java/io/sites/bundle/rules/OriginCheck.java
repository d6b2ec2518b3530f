package io.sites.bundle.rules;

import io.sites.api.code.Warning;
import io.sites.api.code.WarningCode;
import io.sites.api.site.policy.ContentPolicy;
import io.sites.api.site.policy.ContentPolicy.Load;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The policy check: an address a file loads from (an image, media, a font, a request, a form's target) that the sites'
 * Content-Security-Policy ({@link ContentPolicy}) blocks is a BLOCKED_ORIGIN warning, never a violation: the page
 * works apart from that load, and only a browser refuses it. One warning per distinct address and line, listed as
 * the link check lists its own (at most {@link Listed#PER_RULE_AND_FILE} per file, then a count). The scheme is read
 * from the address's first characters only, so a data: URL of megabytes costs no more than a short one.
 */
public final class OriginCheck {
    /** Longer schemes than this are none the policy names: the scan of an address stops there. */
    private static final int LONGEST_SCHEME = 16;

    private final List<Warning> warnings = new ArrayList<>();
    /** The file whose loads came last, and its addresses already reported by line. */
    private Findings current;
    private final Set<String> reported = new HashSet<>();
    private int listed;
    private long unlisted;

    /** One BLOCKED_ORIGIN per distinct address and line of each file, in the order the files were read. */
    public List<Warning> warnings() {
        closeFile();
        return List.copyOf(warnings);
    }

    private void closeFile() {
        if (current != null && unlisted > 0) {
            warnings.add(Listed.moreWarnings(WarningCode.BLOCKED_ORIGIN.name(), current.shownPath(), current.file(),
                    unlisted));
        }
        unlisted = 0;
        listed = 0;
    }

    /** Judges one address the file loads from as {@code load}. */
    void check(Findings file, int line, String target, Load load) {
        String scheme = scheme(target);
        if (!ContentPolicy.blocks(load, scheme)) {
            return;
        }
        if (file != current) {
            closeFile();
            current = file;
            reported.clear();
        }
        String key = line + " " + load + " " + target;
        if (listed >= Listed.PER_RULE_AND_FILE) {
            if (!reported.contains(key)) {
                unlisted++;
            }
            return;
        }
        if (reported.add(key)) {
            listed++;
            String shown = UrlRef.of(target).shown();
            warnings.add(Warning.of(WarningCode.BLOCKED_ORIGIN, file.shownPath(),
                    "File " + file.file() + " " + load.what() + " " + Text.quote(shown) + Text.onLine(line)
                            + ", which the sites' Content-Security-Policy blocks (" + load.directive()
                            + " allows the site itself, " + load.allowed() + "), so browsers refuse it. "
                            + fix(scheme, load),
                    Text.at(line) + shown));
        }
    }

    private static String fix(String scheme, Load load) {
        return switch (scheme) {
            case "http" -> "Use its https:// address (plain http: is mixed content on the https site anyway).";
            case "ws" -> "Use its wss:// address.";
            default -> load == Load.FORM ? "Let the form post to an https:// address or to the site itself."
                    : "Put the file into the bundle and refer to it by a relative path, or use an https:// address.";
        };
    }

    /**
     * The lower-case scheme of an address as a browser's URL parser reads it (leading spaces and controls skipped,
     * tabs and newlines inside ignored), or null for a relative or protocol-relative one; reads at most a few
     * characters past the leading spaces.
     */
    static String scheme(String target) {
        if (target == null) {
            return null;
        }
        int n = target.length();
        int i = 0;
        while (i < n && target.charAt(i) <= ' ') {
            i++;
        }
        StringBuilder scheme = new StringBuilder(8);
        for (int read = 0; i < n && read <= LONGEST_SCHEME; i++, read++) {
            char c = target.charAt(i);
            if (c == '\t' || c == '\n' || c == '\r') {
                continue;
            }
            if (c == ':') {
                return scheme.isEmpty() ? null : scheme.toString().toLowerCase(Locale.ROOT);
            }
            boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
            if (!(letter || !scheme.isEmpty() && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'))) {
                return null;
            }
            scheme.append(c);
        }
        return null;
    }
}
