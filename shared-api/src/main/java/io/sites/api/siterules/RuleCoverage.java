package io.sites.api.siterules;

import io.sites.api.siterules.RedirectRules.Rule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules read so far, indexed to answer "which earlier rule makes this one unreachable" ({@link
 * PathPattern#coveredBy}) without comparing it with every earlier rule: by shape, by the tree of their patterns,
 * and the plain splats ({@code /news/*}) by their literal start. A forced rule is covered only by a forced one.
 */
final class RuleCoverage {
    /** Over all rules read, and over the forced ones only. */
    private final Index all = new Index();
    private final Index forced = new Index();

    private static final class Index {
        final PathTree tree = new PathTree();
        final List<Rule> rules = new ArrayList<>();
        final Map<String, Rule> byShape = new HashMap<>();
        /** Splats without placeholders by their literal start ("/news/", "/"): the first of each. */
        final Map<String, Rule> splatByStart = new HashMap<>();

        void add(Rule rule) {
            PathPattern from = rule.from();
            tree.add(from);
            rules.add(rule);
            byShape.putIfAbsent(from.shape(), rule);
            if (from.splat && from.names.equals(List.of(PathPattern.SPLAT))) {
                splatByStart.putIfAbsent(from.literalPrefix, rule);
            }
        }

        Rule covering(PathPattern from) {
            Rule found = byShape.get(from.shape());
            if (from.exact()) {
                int first = tree.first(from.text);
                found = earlier(found, first < 0 ? null : rules.get(first));
            }
            String start = from.exact() ? from.text : from.literalPrefix;
            for (int slash = start.indexOf('/'); slash >= 0; slash = start.indexOf('/', slash + 1)) {
                found = earlier(found, splatByStart.get(start.substring(0, slash + 1)));
            }
            return earlier(found, splatByStart.get(start + "/"));
        }
    }

    /** Files the next accepted rule. */
    void add(Rule rule) {
        all.add(rule);
        if (rule.force()) {
            forced.add(rule);
        }
    }

    /** The first rule read so far that matches every path {@code from} matches and wins over it; null if none. */
    Rule covering(PathPattern from, boolean force) {
        return (force ? forced : all).covering(from);
    }

    /** The tree of every rule added, in order: the matcher's, built once. */
    PathTree tree() {
        return all.tree;
    }

    private static Rule earlier(Rule a, Rule b) {
        return a == null ? b : b == null ? a : a.line() <= b.line() ? a : b;
    }
}
