package io.sites.blob;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Blobs as files under {@code root/ab/cd/<sha256>}. A blob appears under its final name only by an atomic rename of a
 * fully written and fsynced temp file, so a reader never sees a partial blob and a returned {@link BlobRef} survives
 * a crash.
 */
public final class FileSystemBlobStore implements BlobStore {

    private static final String TEMP_DIR = ".tmp";
    private static final String TEMP_SUFFIX = ".part";
    /** Older temp files are leftovers of a crash; younger ones may belong to another process sharing the root. */
    private static final Duration STALE_TEMP = Duration.ofDays(1);
    private static final int CHUNK = 64 * 1024;
    // Windows cannot open a directory as a channel; NTFS journals the rename itself.
    private static final boolean CAN_FSYNC_DIRECTORIES =
            !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private final Path root;
    private final Path tempDir;

    public FileSystemBlobStore(Path root) throws IOException {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        // The temp dir sits inside the root so the final rename never crosses a filesystem boundary.
        this.tempDir = this.root.resolve(TEMP_DIR);
        Files.createDirectories(tempDir);
        removeStaleTempFiles();
    }

    public Path root() {
        return root;
    }

    /** The snapshots kept beside the blobs, in a directory under the root that the sweep skips. */
    public io.sites.api.blob.SnapshotStore snapshots() {
        return new FileSystemSnapshots(root);
    }

    @Override
    public BlobRef write(byte[] bytes) throws IOException {
        Objects.requireNonNull(bytes, "bytes");
        String sha = Sha256.hex(Sha256.newDigest().digest(bytes));
        Path target = pathOf(sha);
        if (Files.isRegularFile(target)) {
            return new BlobRef(sha, bytes.length);
        }
        Path temp = newTempFile();
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                writeFully(out, ByteBuffer.wrap(bytes));
                out.force(true);
            }
            publish(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
        return new BlobRef(sha, bytes.length);
    }

    @Override
    public BlobRef write(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        MessageDigest digest = Sha256.newDigest();
        Path temp = newTempFile();
        try {
            long size = 0;
            String sha;
            Path target;
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                byte[] chunk = new byte[CHUNK];
                int n;
                while ((n = in.read(chunk)) != -1) {
                    digest.update(chunk, 0, n);
                    writeFully(out, ByteBuffer.wrap(chunk, 0, n));
                    size += n;
                }
                sha = Sha256.hex(digest.digest());
                target = pathOf(sha);
                if (Files.isRegularFile(target)) {
                    return new BlobRef(sha, size);
                }
                out.force(true);
            }
            publish(temp, target);
            return new BlobRef(sha, size);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    @Override
    public boolean contains(String sha256) {
        return Files.isRegularFile(pathOf(sha256));
    }

    @Override
    public Optional<InputStream> open(String sha256) throws IOException {
        Path path = pathOf(sha256);
        try {
            return Optional.of(Files.newInputStream(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public boolean keepsFilesLocally() {
        return true;
    }

    @Override
    public Optional<FileChannel> openFile(String sha256) throws IOException {
        try {
            return Optional.of(FileChannel.open(pathOf(sha256), StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** Every stored digest, in order (the collector's {@code BlobSweep}, through BlobStoreConfiguration). */
    public void forEachDigest(Consumer<String> each) throws IOException {
        // Two levels of two-hex directories, walked one directory at a time: memory stays one listing deep.
        try (Stream<Path> firsts = Files.list(root)) {
            for (Path first : (Iterable<Path>) firsts.sorted()::iterator) {
                if (first.getFileName().toString().length() != 2 || !Files.isDirectory(first)) {
                    continue; // .tmp and anything foreign
                }
                try (Stream<Path> seconds = Files.list(first)) {
                    for (Path second : (Iterable<Path>) seconds.sorted()::iterator) {
                        try (Stream<Path> blobs = Files.list(second)) {
                            blobs.map(blob -> blob.getFileName().toString()).filter(Sha256::isValid).sorted()
                                    .forEach(each);
                        }
                    }
                }
            }
        } catch (NoSuchFileException vanished) {
            // A directory emptied meanwhile: nothing in it to report.
        }
    }

    /** Removes the blob; false if there was none. */
    public boolean delete(String sha256) throws IOException {
        Path path = pathOf(sha256);
        boolean deleted = Files.deleteIfExists(path);
        if (deleted) {
            // Durable like the rename that made it: a crash must not bring a collected blob back.
            fsyncDirectory(path.getParent());
        }
        return deleted;
    }

    /** Where the blob lives (or would live); the address is validated first. */
    Path pathOf(String sha256) {
        Sha256.requireValid(sha256);
        return root.resolve(sha256.substring(0, 2)).resolve(sha256.substring(2, 4)).resolve(sha256);
    }

    private Path newTempFile() throws IOException {
        return Files.createTempFile(tempDir, "blob-", TEMP_SUFFIX);
    }

    private void publish(Path temp, Path target) throws IOException {
        Path dir = target.getParent();
        ensureDirectory(dir);
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AccessDeniedException e) {
            // Where rename does not replace (Windows), a concurrent writer of the same bytes got there first.
            if (!Files.isRegularFile(target)) {
                throw e;
            }
        }
        // The rename is only durable once the directory entry is on disk.
        fsyncDirectory(dir);
    }

    private void ensureDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Path parent = dir.getParent();
        ensureDirectory(parent);
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
            return;
        }
        fsyncDirectory(parent);
    }

    private static void fsyncDirectory(Path dir) throws IOException {
        if (CAN_FSYNC_DIRECTORIES) {
            try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
                channel.force(true);
            }
        }
    }

    private static void writeFully(FileChannel out, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    private void removeStaleTempFiles() throws IOException {
        FileTime cutoff = FileTime.from(Instant.now().minus(STALE_TEMP));
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(tempDir, "*" + TEMP_SUFFIX)) {
            for (Path temp : temps) {
                try {
                    if (Files.getLastModifiedTime(temp).compareTo(cutoff) < 0) {
                        Files.deleteIfExists(temp);
                    }
                } catch (NoSuchFileException ignored) {
                    // Another process cleaned it up first.
                }
            }
        }
    }

    @Override
    public String toString() {
        return "FileSystemBlobStore[" + root + "]";
    }
}
