package io.sites.api.site.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.site.rules.RedirectRules.Rule;
import java.util.Arrays;
import java.util.List;

/**
 * Redirect loops, found on the graph of rule targets: each internal redirect leads to the rule its target (with
 * every placeholder as "x") matches, if that is an internal redirect too; a rule on a cycle of that graph loops.
 * One match per rule and one pass over the graph, so a thousand chained rules cost what a thousand rules do.
 */
final class RedirectLoops {
    private RedirectLoops() {
    }

    /** Adds a violation for each rule on a cycle; {@code tree} holds the rules' patterns in their order. */
    static void check(List<Rule> rules, PathTree tree, List<Violation> out) {
        int n = rules.size();
        int[] next = new int[n];
        Arrays.fill(next, -1);
        for (int i = 0; i < n; i++) {
            if (internal(rules.get(i))) {
                int target = tree.first(sample(rules.get(i).to()));
                next[i] = target >= 0 && internal(rules.get(target)) ? target : -1;
            }
        }
        // Each rule is walked once: a walk stops at the first rule an earlier walk (or itself) reached.
        int[] walk = new int[n];
        int[] through = new int[n];
        Arrays.fill(through, -1);
        for (int start = 0; start < n; start++) {
            int at = start;
            while (at >= 0 && walk[at] == 0) {
                walk[at] = start + 1;
                at = next[at];
            }
            if (at >= 0 && walk[at] == start + 1) { // this walk came back to itself: a cycle through `at`
                int rule = at;
                do {
                    through[next[rule]] = rule;
                    rule = next[rule];
                } while (rule != at);
            }
        }
        for (int i = 0; i < n; i++) {
            if (through[i] >= 0) {
                Rule rule = rules.get(i);
                RuleText.at(out, ViolationCode.REDIRECT_LOOP, RedirectRules.FILE, rule.line(), "the redirect to "
                        + PathPattern.quote(rule.to()) + " leads back to itself (through line "
                        + rules.get(through[i]).line() + ")", "Change a target so that the chain ends at a page.");
            }
        }
    }

    private static boolean internal(Rule rule) {
        return rule.redirect() && !rule.external();
    }

    /** The target as a path: without its query, each placeholder after a slash as "x". */
    static String sample(String to) {
        int q = to.indexOf('?');
        String path = q < 0 ? to : to.substring(0, q);
        StringBuilder out = new StringBuilder(path.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == ':' && i > 0 && path.charAt(i - 1) == '/') {
                while (i + 1 < path.length() && path.charAt(i + 1) != '/') {
                    i++;
                }
                out.append('x');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
