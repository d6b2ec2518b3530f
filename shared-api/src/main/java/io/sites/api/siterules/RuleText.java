package io.sites.api.siterules;

import io.sites.api.Violation;
import io.sites.api.ViolationCode;
import java.util.List;

/** What the two rules files share: their names, the rule limit, and a violation that names its line. */
final class RuleText {
    static final int MAX_RULES = 1_000;

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
