package io.sites.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The digests of a folder's files as the last run read them, kept in the user's cache ({@code
 * $XDG_CACHE_HOME/sites/digests/}, else {@code ~/.cache/sites/digests/}, one file per folder), so that a republish
 * of a big site reads and hashes only the files that changed. As git's index: a file is taken as unchanged when its
 * size, modification time (to the nanosecond) and file key (device and inode) are those recorded, unless it was
 * modified within two seconds of the record's writing, when a later change in the same tick of the file system's
 * clock could hide; such a file is read again. Only a cache: unreadable, it is ignored, and it is rewritten after
 * every reading of the folder.
 */
final class FolderDigests {
    private static final String HEADER = "sites-folder-digests 1";
    private static final long RACY_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** What was known of one file when it was read. */
    record Entry(long size, long modifiedNanos, String key, boolean text, String sha256) {
    }

    private final Path file;
    private final Map<String, Entry> known;
    private final long writtenNanos;
    private final Map<String, Entry> read = new ConcurrentHashMap<>();

    private FolderDigests(Path file, Map<String, Entry> known, long writtenNanos) {
        this.file = file;
        this.known = known;
        this.writtenNanos = writtenNanos;
    }

    /** No cache: every file is read (tests, and a folder whose real path cannot be told). */
    static FolderDigests none() {
        return new FolderDigests(null, Map.of(), 0);
    }

    /** The cache of {@code root} under the user's cache directory, as the environment names it. */
    static FolderDigests of(Map<String, String> env, Path root) {
        Path base = UserDirectories.base(env, "XDG_CACHE_HOME", ".cache");
        try {
            String name = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(root.toRealPath().toString().getBytes(StandardCharsets.UTF_8)));
            return load(base.resolve("sites").resolve("digests").resolve(name + ".tsv.gz"));
        } catch (IOException | NoSuchAlgorithmException unknown) {
            return none();
        }
    }

    static FolderDigests load(Path file) {
        Map<String, Entry> known = new ConcurrentHashMap<>();
        long written = 0;
        if (Files.isRegularFile(file)) {
            try (BufferedReader in = new BufferedReader(new java.io.InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
                String[] header = String.valueOf(in.readLine()).split(" ");
                if (header.length != 3 || !(header[0] + " " + header[1]).equals(HEADER)) {
                    return new FolderDigests(file, Map.of(), 0);
                }
                written = Long.parseLong(header[2]);
                for (String line; (line = in.readLine()) != null; ) {
                    // The path last: it is the one field that may hold a tab.
                    String[] fields = line.split("\t", 6);
                    known.put(fields[5], new Entry(Long.parseLong(fields[0]), Long.parseLong(fields[1]), fields[2],
                            fields[3].equals("1"), fields[4]));
                }
            } catch (IOException | RuntimeException unreadable) {
                return new FolderDigests(file, Map.of(), 0);
            }
        }
        return new FolderDigests(file, known, written);
    }

    /** The digest recorded for this file, if it has not changed since (and was not changed just before). */
    Optional<Entry> unchanged(String path, BasicFileAttributes attributes) {
        Entry entry = known.get(path);
        if (entry == null) {
            return Optional.empty();
        }
        long modified = nanos(attributes);
        boolean same = entry.size() == attributes.size() && entry.modifiedNanos() == modified
                && entry.key().equals(key(attributes)) && modified < writtenNanos - RACY_NANOS;
        return same ? Optional.of(entry) : Optional.empty();
    }

    /** Notes what a file was found to be, for the next run. Called from several threads. */
    void record(String path, BasicFileAttributes attributes, String sha256, boolean text) {
        if (path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
            return; // a line each: such a path is read every time (the service refuses it anyway)
        }
        read.put(path, new Entry(attributes.size(), nanos(attributes), key(attributes), text, sha256));
    }

    /**
     * Writes what this run recorded, replacing the previous record whole (files gone from the folder go from it):
     * readable by the user alone, since paths tell what a folder holds. A failure only costs the next run a read.
     */
    void save() {
        if (file == null) {
            return;
        }
        try {
            Path dir = file.getParent();
            UserDirectories.createPrivate(dir);
            Path temporary = Files.createTempFile(dir, "digests-", ".tmp");
            try {
                restrict(temporary);
                Instant at = Instant.now();
                long now = at.getEpochSecond() * 1_000_000_000L + at.getNano();
                try (BufferedWriter out = new BufferedWriter(new java.io.OutputStreamWriter(
                        new GZIPOutputStream(Files.newOutputStream(temporary), 1 << 16), StandardCharsets.UTF_8))) {
                    out.write(HEADER + " " + now + "\n");
                    for (Map.Entry<String, Entry> each : read.entrySet()) {
                        Entry entry = each.getValue();
                        out.write(entry.size() + "\t" + entry.modifiedNanos() + "\t" + entry.key() + "\t"
                                + (entry.text() ? "1" : "0") + "\t" + entry.sha256() + "\t" + each.getKey() + "\n");
                    }
                }
                try {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException notHere) {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException | RuntimeException unwritten) {
            // Only a cache: the next run reads every file again.
        }
    }

    private static void restrict(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException | IOException notPosix) {
            // Windows: the user's profile directory is private already.
        }
    }

    private static long nanos(BasicFileAttributes attributes) {
        Instant modified = attributes.lastModifiedTime().toInstant();
        return modified.getEpochSecond() * 1_000_000_000L + modified.getNano();
    }

    private static String key(BasicFileAttributes attributes) {
        Object key = attributes.fileKey();
        return key == null ? "-" : key.toString().replace('\t', ' ');
    }
}
