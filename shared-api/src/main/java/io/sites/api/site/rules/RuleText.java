package io.sites.api.site.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import java.util.List;

/** What the two rules files share: their names, the rule limit, and a violation that names its line. */
final class RuleText {
    static final int MAX_RULES = 1_000;
    /**
     * Characters per file: a thousand rules of long paths fit many times over, and a file's compiled form stays a
     * small part of the site server's rules cache (about 12 bytes a character), so no version's rules are too
     * large to keep compiled.
     */
    static final int MAX_CHARS = 1 << 20;

    private RuleText() {
    }

    static Violation at(List<Violation> out, ViolationCode code, String file, int line, String message,
            String detail) {
        Violation v = Violation.of(code, file, file + " line " + line + ": " + message + ".", "line " + line + ": "
                + detail);
        out.add(v);
        return v;
    }

    static Violation tooMany(String file, int count, String unit) {
        return Violation.of(ViolationCode.TOO_MANY_RULES, file, file + " has " + count + " " + unit + "; at most "
                + MAX_RULES + " are allowed.", "Merge rules with placeholders (:name) or a splat (*), or remove "
                + "rules nobody needs.");
    }

    /** Too large to read: the only violation of such a file, which is not parsed at all. */
    static Violation tooLarge(String file, int chars) {
        return Violation.of(ViolationCode.TOO_MANY_RULES, file, file + " has " + chars + " characters; at most "
                + MAX_CHARS + " (1 MiB) are allowed.", "Merge rules with placeholders (:name) or a splat (*), or "
                + "remove rules nobody needs.");
    }

    /** Printable ASCII: what a response header may carry. */
    static boolean printable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
