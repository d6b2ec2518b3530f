package io.sites.bundle;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.bundle.rules.ContentTypes;
import io.sites.bundle.rules.PathRules;
import io.sites.bundle.rules.Text;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The checks across the files of one bundle, reported after every file's own: duplicate paths, the number of remote
 * files, the total size, the number of pages and index.html, each with its message.
 */
final class BundleWideChecks {

    private static final int LISTED = 20;

    private final BundleLimits limits;

    BundleWideChecks(BundleLimits limits) {
        this.limits = limits;
    }

    static void markDuplicates(List<FileEntry> entries) {
        Map<String, FileEntry> first = new HashMap<>();
        for (FileEntry e : entries) {
            if (e.path == null) {
                continue;
            }
            FileEntry earlier = first.putIfAbsent(e.path, e);
            if (earlier != null) {
                boolean sameSpelling = Objects.equals(earlier.file.path(), e.file.path());
                e.findings.add(ViolationCode.DUPLICATE_PATH,
                        "Path " + e.findings.file() + " (files[" + e.index + "]) names the same file as files["
                                + earlier.index + "]" + (sameSpelling ? "" : ", " + Text.quote(earlier.file.path()))
                                + "; every path may appear only once.",
                        "files[" + earlier.index + "] is spelled " + Text.quote(earlier.file.path())
                                + (sameSpelling ? "" : "; both become " + Text.quote(e.path)
                                        + " after normalisation")
                                + ". Keep one of the two files and remove the other, or give one a different path.");
            }
        }
    }

    Violation tooManyRemoteFiles(long count) {
        return Violation.of(ViolationCode.TOO_MANY_REMOTE_FILES, null,
                "The bundle gives " + count + " files by sourceUrl or uploadKey; at most " + limits.remoteFiles()
                        + " are allowed per publish.",
                "Give at most " + limits.remoteFiles() + " files by sourceUrl or uploadKey and send the others "
                        + "inline in content (binary files base64-encoded with contentEncoding \"base64\"), or drop "
                        + "files the site does not use. None of these files were fetched, so they were not checked "
                        + "further.");
    }

    Optional<Violation> bundleTooLarge(List<FileEntry> entries) {
        long total = entries.stream().filter(e -> e.size > 0).mapToLong(e -> e.size).sum();
        if (total <= limits.bundleBytes()) {
            return Optional.empty();
        }
        String largest = entries.stream()
                .filter(e -> e.size > 0)
                .sorted(Comparator.comparingLong((FileEntry e) -> e.size).reversed())
                .limit(5)
                .map(e -> Text.quote(e.file.path()) + " (" + Text.bytes(e.size) + ")")
                .collect(Collectors.joining(", "));
        return Optional.of(Violation.of(ViolationCode.BUNDLE_TOO_LARGE, null,
                "The bundle is " + Text.bytes(total) + " in total; the limit is " + Text.bytes(limits.bundleBytes())
                        + human(limits.bundleBytes()) + ".",
                "Remove or shrink files to save at least " + Text.bytes(total - limits.bundleBytes())
                        + ", for example by compressing images and videos. Largest files: " + largest + "."));
    }

    Optional<Violation> tooManyPages(List<FileEntry> entries) {
        Set<String> pages = entries.stream()
                .map(e -> e.path)
                .filter(p -> p != null && ContentTypes.isHtmlPath(p))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (pages.size() <= limits.htmlPages()) {
            return Optional.empty();
        }
        int extra = pages.size() - limits.htmlPages();
        String listed = pages.stream().limit(LISTED).map(Text::quote).collect(Collectors.joining(", "))
                + (pages.size() > LISTED ? " and " + (pages.size() - LISTED) + " more" : "");
        return Optional.of(Violation.of(ViolationCode.TOO_MANY_PAGES, null,
                "The bundle has " + pages.size() + " HTML pages (.html or .htm files); at most " + limits.htmlPages()
                        + " are allowed.",
                "Remove or merge " + extra + " page" + (extra == 1 ? "" : "s") + ", for example by turning short "
                        + "pages into sections of one page. Pages: " + listed + "."));
    }

    static Optional<Violation> missingIndex(List<FileEntry> entries) {
        for (FileEntry e : entries) {
            if ("index.html".equals(e.path)) {
                return Optional.empty();
            }
            if (e.file != null && !e.pathValid && "index.html".equals(PathRules.suggest(e.file.path()))) {
                return Optional.empty(); // its INVALID_PATH already says how to spell it
            }
        }
        String candidate = entries.stream()
                .filter(e -> e.path != null)
                .map(e -> e.path)
                .filter(p -> {
                    String name = p.substring(p.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
                    return name.equals("index.html") || name.equals("index.htm");
                })
                .findFirst()
                .or(() -> entries.stream().map(e -> e.path)
                        .filter(p -> p != null && ContentTypes.isHtmlPath(p)).findFirst())
                .orElse(null);
        String detail = candidate == null
                ? "Add a file with path \"index.html\" that holds the home page."
                : "Add a file with path \"index.html\", for example by renaming " + Text.quote(candidate)
                        + " to \"index.html\" (and adjusting relative links in it if it moves to another folder).";
        return Optional.of(Violation.of(ViolationCode.MISSING_INDEX, null,
                "The bundle has no index.html at its root; every bundle needs one, it is the page served at the "
                        + "site's address.",
                detail));
    }

    /** " (50 MB)" for round sizes, else "". */
    static String human(long bytes) {
        return BundleLimits.roundSize(bytes).map(size -> " (" + size + ")").orElse("");
    }
}
