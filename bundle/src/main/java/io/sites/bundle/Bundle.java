package io.sites.bundle;

import io.sites.api.code.Warning;
import io.sites.bundle.rules.FileFindings;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bundle that passed every check, its files in the order the client sent them, and the warnings that do not
 * block it (broken links), in file and document order; and the findings of the files whose bytes were read and
 * checked this time, to be kept by content once the publish is accepted.
 */
public record Bundle(List<BundleFile> files, List<Warning> warnings, List<Checked> checked) {

    public Bundle {
        files = List.copyOf(Objects.requireNonNull(files, "files"));
        warnings = List.copyOf(Objects.requireNonNull(warnings, "warnings"));
        checked = List.copyOf(Objects.requireNonNull(checked, "checked"));
    }

    public Bundle(List<BundleFile> files, List<Warning> warnings) {
        this(files, warnings, List.of());
    }

    /** A bundle without warnings. */
    public Bundle(List<BundleFile> files) {
        this(files, List.of());
    }

    /**
     * The findings of {@code files().get(file)}, read as {@code essence}: kept under {@link ContentKey} (its digest
     * once stored, its path, the essence), a later publish of the same bytes replays them.
     */
    public record Checked(int file, String essence, FileFindings findings) {
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
