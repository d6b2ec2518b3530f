package io.sites.api.site.rules;

import io.sites.api.site.rules.RedirectRules.Rule;
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
        /** Splats without placeholders by their literal start's segments ("/news/*" under "news"): the first of each. */
        final Starts splats = new Starts();

        void add(Rule rule) {
            PathPattern from = rule.from();
            tree.add(from);
            rules.add(rule);
            byShape.putIfAbsent(from.shape(), rule);
            if (from.splat && from.names.equals(List.of(PathPattern.SPLAT))) {
                splats.add(from.literalPrefix, rule);
            }
        }

        Rule covering(PathPattern from) {
            Rule found = byShape.get(from.shape());
            if (from.exact()) {
                int first = tree.first(from.text);
                found = earlier(found, first < 0 ? null : rules.get(first));
            }
            return earlier(found, splats.covering(from.exact() ? from.text : from.literalPrefix));
        }
    }

    /**
     * Literal starts ("/", "/news/", "/news/2024/") as a tree of their segments: the starts that begin a path, or
     * are the path with a slash added, lie on one walk down the tree, however long the path.
     */
    private static final class Starts {
        private final Map<String, Starts> below = new HashMap<>();
        private Rule first;

        void add(String start, Rule rule) {
            Starts node = this;
            String[] segments = start.substring(1).split("/", -1); // "/news/" is ["news", ""]
            for (int i = 0; i + 1 < segments.length; i++) {
                node = node.below.computeIfAbsent(segments[i], s -> new Starts());
            }
            if (node.first == null) {
                node.first = rule;
            }
        }

        /** The first rule whose start begins {@code path}, or is {@code path} with a slash added. */
        Rule covering(String path) {
            Rule found = first;
            Starts node = this;
            for (String segment : path.substring(1).split("/", -1)) {
                node = node.below.get(segment);
                if (node == null) {
                    break;
                }
                found = earlier(found, node.first);
            }
            return found;
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
