package io.sites.api.query;

import java.util.List;

/**
 * Answer to {@link DiffVersions}: files only in {@code version} (added), only in {@code against} (removed), in
 * both with other bytes or another content type (changed), each list sorted by path, and how many are the same.
 */
public record VersionDiffView(List<FileView> added, List<FileView> removed, List<Change> changed, int unchanged) {
    public VersionDiffView {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        changed = List.copyOf(changed);
    }

    /**
     * One file of a manifest as the read model keeps it. sha256 is null only while a read model built before it
     * was kept is being rebuilt.
     */
    public record FileView(String path, String contentType, long size, String sha256) {
    }

    /** A path in both versions: as {@code against} has it (before) and as {@code version} has it (after). */
    public record Change(FileView before, FileView after) {
        public String path() {
            return after.path();
        }
    }
}
