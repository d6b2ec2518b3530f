package io.sites.api.site.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Path patterns as a tree of their segments (literal segments by value, every placeholder as one branch), so that
 * the rules matching a path are found by walking the path's segments, not by trying every rule: a thousand rules
 * cost about what ten do. Patterns keep the order they were added in; the first added wins.
 */
final class PathTree {
    private static final int NONE = Integer.MAX_VALUE;

    private static final class Node {
        Map<String, Node> literals;
        Node placeholder;
        /** The first pattern ending here without a splat, one ending here with a splat, any pattern below here. */
        int end = NONE;
        int splat = NONE;
        int first = NONE;
        /** Every pattern ending here, in order: for {@link #all}, where a later pattern counts too. */
        List<Integer> ends;
    }

    private final Node root = new Node();
    private int size;

    /** Adds the pattern as the next in order; returns its order (0 for the first added). */
    int add(PathPattern pattern) {
        int order = size++;
        Node node = root;
        node.first = Math.min(node.first, order);
        for (String segment : pattern.treeSegments()) {
            if (segment.startsWith(":")) {
                node = node.placeholder == null ? (node.placeholder = new Node()) : node.placeholder;
            } else {
                if (node.literals == null) {
                    node.literals = new HashMap<>(4);
                }
                node = node.literals.computeIfAbsent(segment, s -> new Node());
            }
            node.first = Math.min(node.first, order);
        }
        if (pattern.splat) {
            node.splat = Math.min(node.splat, order);
        } else {
            node.end = Math.min(node.end, order);
        }
        if (node.ends == null) {
            node.ends = new ArrayList<>(1);
        }
        node.ends.add(pattern.splat ? -order - 1 : order);
        return order;
    }

    /** The order of the first pattern matching the path (decoded, with its leading slash), or -1. */
    int first(String path) {
        String[] segments = segments(path);
        int best = NONE;
        // A stack, not recursion: a path or a pattern may have thousands of segments.
        ArrayDeque<Node> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> depths = new ArrayDeque<>();
        if (segments != null) {
            nodes.push(root);
            depths.push(0);
        }
        while (!nodes.isEmpty()) {
            Node node = nodes.pop();
            int depth = depths.pop();
            if (node.first >= best) {
                continue; // nothing below comes before what was found
            }
            best = Math.min(best, node.splat);
            if (depth == segments.length) {
                best = Math.min(best, node.end);
                continue;
            }
            String segment = segments[depth];
            if (node.placeholder != null && !segment.isEmpty()) {
                nodes.push(node.placeholder);
                depths.push(depth + 1);
            }
            Node literal = node.literals == null ? null : node.literals.get(segment);
            if (literal != null) {
                nodes.push(literal);
                depths.push(depth + 1);
            }
        }
        return best == NONE ? -1 : best;
    }

    /** The orders of every pattern matching the path, ascending. */
    int[] all(String path) {
        String[] segments = segments(path);
        if (segments == null) {
            return new int[0];
        }
        List<Integer> found = new ArrayList<>();
        ArrayDeque<Node> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> depths = new ArrayDeque<>();
        nodes.push(root);
        depths.push(0);
        while (!nodes.isEmpty()) {
            Node node = nodes.pop();
            int depth = depths.pop();
            if (node.ends != null) {
                for (int order : node.ends) {
                    if (order < 0) {
                        found.add(-order - 1);
                    } else if (depth == segments.length) {
                        found.add(order);
                    }
                }
            }
            if (depth == segments.length) {
                continue;
            }
            String segment = segments[depth];
            Node literal = node.literals == null ? null : node.literals.get(segment);
            if (literal != null) {
                nodes.push(literal);
                depths.push(depth + 1);
            }
            if (node.placeholder != null && !segment.isEmpty()) {
                nodes.push(node.placeholder);
                depths.push(depth + 1);
            }
        }
        return found.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    /** "/a/b/" is ["a", "b", ""]; "/" is [""]; null for what is no path. */
    private static String[] segments(String path) {
        return path.isEmpty() || path.charAt(0) != '/' ? null : path.substring(1).split("/", -1);
    }
}
