package io.sites.bundle;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A bundle that passed every check, its files in the order the client sent them. */
public record Bundle(List<BundleFile> files) {

    public Bundle {
        files = List.copyOf(Objects.requireNonNull(files, "files"));
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
