package io.sites.bundle;

import io.sites.api.code.Warning;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bundle that passed every check, its files in the order the client sent them, and the warnings that do not
 * block it (broken links), in file and document order.
 */
public record Bundle(List<BundleFile> files, List<Warning> warnings) {

    public Bundle {
        files = List.copyOf(Objects.requireNonNull(files, "files"));
        warnings = List.copyOf(Objects.requireNonNull(warnings, "warnings"));
    }

    /** A bundle without warnings. */
    public Bundle(List<BundleFile> files) {
        this(files, List.of());
    }

    /** Sum of all file sizes, in bytes. */
    public long totalBytes() {
        return files.stream().mapToLong(BundleFile::size).sum();
    }

    /** The file served at the given normalised path, if any. */
    public Optional<BundleFile> file(String path) {
        return files.stream().filter(f -> f.path().equals(path)).findFirst();
    }
}
