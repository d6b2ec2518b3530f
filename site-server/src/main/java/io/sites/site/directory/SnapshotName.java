package io.sites.site.directory;

import java.util.Optional;

/**
 * A site directory snapshot's name in the snapshot store: {@code site-directory.<position>.<sha256>.<replica>.gz},
 * the event position zero-padded so names sort by it, and the sha256 of the stored bytes, checked on reading.
 */
record SnapshotName(long position, String sha256, String replica) {
    private static final String PREFIX = "site-directory.";

    /** A replica's name as it may stand in a snapshot's name. */
    static String replica(String configured) {
        String cleaned = configured.replaceAll("[^A-Za-z0-9_-]", "_");
        return cleaned.length() > 60 ? cleaned.substring(0, 60) : cleaned;
    }

    /** Empty for a name that is not a site directory snapshot's (anything else in the store). */
    static Optional<SnapshotName> parse(String name) {
        if (!name.startsWith(PREFIX) || !name.endsWith(".gz")) {
            return Optional.empty();
        }
        String[] parts = name.substring(PREFIX.length(), name.length() - 3).split("\\.", -1);
        if (parts.length != 3 || parts[0].length() != 19 || !parts[0].chars().allMatch(Character::isDigit)
                || parts[1].length() != 64) {
            return Optional.empty();
        }
        return Optional.of(new SnapshotName(Long.parseLong(parts[0]), parts[1], parts[2]));
    }

    @Override
    public String toString() {
        return PREFIX + String.format("%019d", position) + "." + sha256 + "." + replica + ".gz";
    }
}
