package io.sites.api.siterules;

import io.sites.api.Violation;
import io.sites.api.ViolationCode;
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
    /** Rules with an exact path, by path, for the common case: the first such rule per path. */
    private final Map<String, Rule> exact;
    /** Rules with placeholders or a splat, in order: tried one by one. */
    private final List<Rule> patterns;
    private final List<Violation> violations;

    private RedirectRules(List<Rule> rules, List<Violation> violations) {
        this.rules = List.copyOf(rules);
        this.violations = List.copyOf(violations);
        Map<String, Rule> byPath = new HashMap<>();
        for (Rule r : rules) {
            if (r.from().exact()) {
                byPath.putIfAbsent(r.from().text, r);
            }
        }
        this.exact = Map.copyOf(byPath);
        this.patterns = rules.stream().filter(r -> !r.from().exact()).toList();
    }

    public List<Rule> rules() {
        return rules;
    }

    public List<Violation> violations() {
        return violations;
    }

    public static RedirectRules parse(String text) {
        List<Rule> rules = new ArrayList<>();
        List<Violation> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Rule rule = line(i + 1, lines[i], rules, out);
            if (rule != null) {
                rules.add(rule);
            }
        }
        if (rules.size() > RuleText.MAX_RULES) {
            out.add(RuleText.tooMany(FILE, rules.size(), "rules"));
        }
        loops(rules, out);
        return new RedirectRules(rules, out);
    }

    private static Rule line(int n, String raw, List<Rule> earlier, List<Violation> out) {
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
        if (external && !(status >= 300 && status < 400)) {
            return invalid(out, n, "a rule with status " + status + " serves a page of this site, so its target "
                    + PathPattern.quote(to) + " cannot be another site", "Use a status 301 or 302 to send visitors "
                    + "to another site, or a path of this site.");
        }
        for (String name : placeholders(to)) {
            if (!from.names.contains(name)) {
                return invalid(out, n, "the target uses :" + name + ", which " + PathPattern.quote(from.text)
                        + " does not define", name.equals(PathPattern.SPLAT) ? "End the path with \"*\" to use "
                        + ":splat." : "Add :" + name + " to the path, or remove it from the target.");
            }
        }
        for (Rule r : earlier) {
            if (from.coveredBy(r.from()) && (r.force() || !force)) {
                return invalid(out, n, "this rule can never match: the rule on line " + r.line() + " ("
                        + PathPattern.quote(r.from().text) + ") matches every path it matches, and the first "
                        + "matching rule wins", "Move this rule above line " + r.line() + ", or remove it.");
            }
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
     * A redirect whose target comes back to a rule already followed. Followed from each internal redirect with its
     * placeholders as "x", without regard to files: the rules must not loop on their own.
     */
    private static void loops(List<Rule> rules, List<Violation> out) {
        RedirectRules all = new RedirectRules(rules, List.of());
        for (Rule start : rules) {
            if (!start.redirect() || start.external()) {
                continue;
            }
            Set<Integer> seen = new HashSet<>();
            seen.add(start.line());
            String path = sample(start.to());
            for (int step = 0; step < rules.size(); step++) {
                Match next = all.match(path);
                if (next == null || !next.rule().redirect() || next.rule().external()) {
                    break;
                }
                if (!seen.add(next.rule().line())) {
                    if (next.rule() == start) {
                        RuleText.at(out, ViolationCode.REDIRECT_LOOP, FILE, start.line(), "the redirect to "
                                + PathPattern.quote(start.to()) + " leads back to itself (through line "
                                + next.rule().line() + ")", "Change a target so that the chain ends at a page.");
                    }
                    break;
                }
                path = stripQuery(next.target());
            }
        }
    }

    private static String sample(String to) {
        StringBuilder out = new StringBuilder();
        String path = stripQuery(to);
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

    private static String stripQuery(String to) {
        int q = to.indexOf('?');
        return q < 0 ? to : to.substring(0, q);
    }

    /**
     * The first rule matching a request path (decoded, with its leading slash), with its target filled in, or null.
     */
    public Match match(String path) {
        Rule first = exact.get(path);
        Map<String, String> values = new HashMap<>(4);
        for (Rule r : patterns) {
            if (first != null && r.line() >= first.line()) {
                break;
            }
            values.clear();
            if (r.from().matches(path, values)) {
                return new Match(r, fill(r.to(), values));
            }
        }
        return first == null ? null : new Match(first, first.to());
    }

    static String fill(String to, Map<String, String> values) {
        if (values.isEmpty() || to.indexOf(':') < 0) {
            return to;
        }
        StringBuilder out = new StringBuilder(to.length() + 16);
        int start = to.startsWith("https://") ? "https://".length() : 0;
        out.append(to, 0, start);
        for (int i = start; i < to.length(); i++) {
            char c = to.charAt(i);
            if (c == ':' && i > 0 && "/=-.".indexOf(to.charAt(i - 1)) >= 0) {
                int end = i + 1;
                while (end < to.length() && (Character.isLetterOrDigit(to.charAt(end)) || to.charAt(end) == '_')) {
                    end++;
                }
                String value = values.get(to.substring(i + 1, end));
                if (value != null) {
                    out.append(value);
                    i = end - 1;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }
}
