package io.sites.api.site.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A site's {@code _redirects} file, Netlify's syntax: one rule a line, {@code from to [status][!]}, comments after
 * {@code #}. Statuses 301 (the default), 302, 303, 307, 308 redirect (to a site path or an external https URL), 200
 * rewrites (serves the target's file, the address unchanged), 404 and 410 serve the target page with that status.
 * The first rule that matches wins; a file that exists at the address wins over a rule unless the rule is forced
 * ({@code !}). Parsed once per file; {@link #violations()} is empty for every file a publish accepted.
 */
public final class RedirectRules {
    public static final String FILE = "_redirects";
    static final Set<Integer> STATUSES = Set.of(200, 301, 302, 303, 307, 308, 404, 410);

    /** One rule: where it matches, where it leads, with which status, and whether it wins over existing files. */
    public record Rule(int line, PathPattern from, String to, int status, boolean force) {
        public boolean redirect() {
            return status >= 300 && status < 400;
        }

        public boolean external() {
            return to.startsWith("https://");
        }
    }

    /** A matched rule and its target with the placeholders filled in. */
    public record Match(Rule rule, String target) {
    }

    private final List<Rule> rules;
    /** The rules' patterns in their order: the first rule matching a path in about the path's length. */
    private final PathTree tree;
    private final List<Violation> violations;

    private RedirectRules(List<Rule> rules, PathTree tree, List<Violation> violations) {
        this.rules = List.copyOf(rules);
        this.tree = tree;
        this.violations = List.copyOf(violations);
    }

    public List<Rule> rules() {
        return rules;
    }

    public List<Violation> violations() {
        return violations;
    }

    public static RedirectRules parse(String text) {
        if (text.length() > RuleText.MAX_CHARS) {
            return new RedirectRules(List.of(), new PathTree(), List.of(RuleText.tooLarge(FILE, text.length())));
        }
        List<Rule> rules = new ArrayList<>();
        List<Violation> out = new ArrayList<>();
        RuleCoverage earlier = new RuleCoverage();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Rule rule = line(i + 1, lines[i], earlier, out);
            if (rule != null) {
                rules.add(rule);
                earlier.add(rule);
            }
        }
        if (rules.size() > RuleText.MAX_RULES) {
            out.add(RuleText.tooMany(FILE, rules.size(), "rules"));
        }
        RedirectLoops.check(rules, earlier.tree(), out);
        return new RedirectRules(rules, earlier.tree(), out);
    }

    private static Rule line(int n, String raw, RuleCoverage earlier, List<Violation> out) {
        int hash = raw.indexOf('#');
        String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
        if (line.isEmpty()) {
            return null;
        }
        String[] parts = line.split("\\s+");
        String fix = "Write each rule as \"/from /to [status]\", for example \"/old /new 301\".";
        if (!RuleText.printable(line)) {
            return invalid(out, n, "the rule has characters other than printable ASCII",
                    "Percent-encode other characters in paths and URLs (UTF-8).");
        }
        if (parts.length < 2) {
            return invalid(out, n, "the rule " + PathPattern.quote(line) + " has no target", fix);
        }
        String[] problem = new String[1];
        PathPattern from = PathPattern.parse(parts[0], problem);
        if (from == null) {
            return invalid(out, n, problem[0], fix);
        }
        String to = parts[1];
        int status = 301;
        boolean force = false;
        for (int i = 2; i < parts.length; i++) {
            String p = parts[i];
            if (i == 2 && p.matches("\\d{3}!?")) {
                force = p.endsWith("!");
                status = Integer.parseInt(p.substring(0, 3));
                if (!STATUSES.contains(status)) {
                    return invalid(out, n, "the status " + status + " is not one of 200, 301, 302, 303, 307, 308, "
                            + "404, 410", "Use 301 or 302 to redirect, 200 to rewrite, 404 or 410 for an error page.");
                }
            } else {
                return invalid(out, n, "\"" + p + "\" is not supported: query parameters, country, language, role "
                        + "and other conditions are Netlify features this service does not have",
                        "Keep \"/from /to [status][!]\" only.");
            }
        }
        if (to.startsWith("http://")) {
            return invalid(out, n, "the target " + PathPattern.quote(to) + " is not https",
                    "Redirect to an https URL.");
        }
        boolean external = to.startsWith("https://");
        if (!external && !to.startsWith("/")) {
            return invalid(out, n, "the target " + PathPattern.quote(to) + " is neither a site path nor an https URL",
                    "Start the target with \"/\" or \"https://\".");
        }
        if (to.startsWith("//") || to.startsWith("/\\")) {
            return invalid(out, n, "the target " + PathPattern.quote(to) + " names another host without a scheme "
                    + "(a browser reads \"//\" and \"/\\\" as the start of a host name)",
                    "Write the other site as an https URL, or start a path of this site with one \"/\".");
        }
        if (external && !(status >= 300 && status < 400)) {
            return invalid(out, n, "a rule with status " + status + " serves a page of this site, so its target "
                    + PathPattern.quote(to) + " cannot be another site", "Use a status 301 or 302 to send visitors "
                    + "to another site, or a path of this site.");
        }
        Set<String> defined = new HashSet<>(from.names);
        for (String name : placeholders(to)) {
            if (!defined.contains(name)) {
                return invalid(out, n, "the target uses :" + name + ", which " + PathPattern.quote(from.text)
                        + " does not define", name.equals(PathPattern.SPLAT) ? "End the path with \"*\" to use "
                        + ":splat." : "Add :" + name + " to the path, or remove it from the target.");
            }
        }
        Rule r = earlier.covering(from, force);
        if (r != null) {
            return invalid(out, n, "this rule can never match: the rule on line " + r.line() + " ("
                    + PathPattern.quote(r.from().text) + ") matches every path it matches, and the first "
                    + "matching rule wins", "Move this rule above line " + r.line() + ", or remove it.");
        }
        return new Rule(n, from, to, status, force);
    }

    private static Rule invalid(List<Violation> out, int line, String message, String detail) {
        RuleText.at(out, ViolationCode.REDIRECT_INVALID, FILE, line, message, detail);
        return null;
    }

    /** The names after ':' in a target: a placeholder runs to the next character that is no letter, digit or '_'. */
    static List<String> placeholders(String to) {
        List<String> names = new ArrayList<>();
        int start = to.startsWith("https://") ? "https://".length() : 0;
        for (int i = to.indexOf(':', start); i >= 0; i = to.indexOf(':', i + 1)) {
            int end = i + 1;
            while (end < to.length() && (Character.isLetterOrDigit(to.charAt(end)) || to.charAt(end) == '_')) {
                end++;
            }
            if (end > i + 1 && (to.charAt(i - 1) == '/' || to.charAt(i - 1) == '=' || to.charAt(i - 1) == '-'
                    || to.charAt(i - 1) == '.')) {
                names.add(to.substring(i + 1, end));
            }
        }
        return names;
    }

    /**
     * The first rule matching a request path (decoded, with its leading slash), with its target filled in, or null.
     * The target is a URL as written in the file: the values filled in are percent-encoded, so that a rewrite's
     * target is decoded once, and a site path's leading slashes are one, so that it never names another host.
     */
    public Match match(String path) {
        int first = tree.first(path);
        if (first < 0) {
            return null;
        }
        Rule rule = rules.get(first);
        if (rule.from().exact()) {
            return new Match(rule, rule.to());
        }
        Map<String, String> values = new HashMap<>(4);
        rule.from().matches(path, values);
        return new Match(rule, RuleTargets.fill(rule.to(), values));
    }
}
