package io.sites.cli;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * What a publish leaves out: a folder's {@code .sitesignore} (one glob a line, as .gitignore: {@code #} comments, a
 * pattern without {@code /} matches a name at any depth, a leading {@code /} anchors it at the folder, a trailing
 * {@code /} matches directories only, {@code !} takes a file back in, the last matching line wins), after the
 * defaults below, which a {@code !} line can also undo.
 */
final class Ignores {
    static final String FILE = ".sitesignore";
    // Version-control data and desktop litter are never part of a site; the ignore file itself neither.
    private static final List<String> DEFAULTS = List.of(".git/", ".hg/", ".svn/", ".DS_Store", "Thumbs.db", "/" + FILE);

    private record Rule(PathMatcher matcher, boolean anchored, boolean directoriesOnly, boolean include) {
    }

    private final List<Rule> rules = new ArrayList<>();

    static Ignores of(Path folder) throws IOException {
        Ignores ignores = new Ignores();
        DEFAULTS.forEach(ignores::add);
        Path file = folder.resolve(FILE);
        if (Files.isRegularFile(file)) {
            Files.readAllLines(file).forEach(ignores::add);
        }
        return ignores;
    }

    private void add(String line) {
        String pattern = line.strip();
        if (pattern.isEmpty() || pattern.startsWith("#")) {
            return;
        }
        boolean include = pattern.startsWith("!");
        if (include) {
            pattern = pattern.substring(1);
        }
        boolean directoriesOnly = pattern.endsWith("/");
        pattern = directoriesOnly ? pattern.substring(0, pattern.length() - 1) : pattern;
        boolean anchored = pattern.contains("/");
        pattern = pattern.startsWith("/") ? pattern.substring(1) : pattern;
        if (pattern.isEmpty()) {
            return;
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        rules.add(new Rule(matcher, anchored, directoriesOnly, include));
    }

    /** Whether a path relative to the folder ({@code /}-separated) is left out. */
    boolean ignored(String relative, boolean directory) {
        boolean ignored = false;
        for (Rule rule : rules) {
            if (rule.directoriesOnly() && !directory) {
                continue;
            }
            Path path = Path.of(relative);
            boolean matches = rule.anchored() ? rule.matcher().matches(path)
                    : rule.matcher().matches(path.getFileName());
            if (matches) {
                ignored = !rule.include();
            }
        }
        return ignored;
    }
}
