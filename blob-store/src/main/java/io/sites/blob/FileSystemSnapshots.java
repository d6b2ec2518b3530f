package io.sites.blob;

import io.sites.api.blob.SnapshotStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Snapshots as files under {@code <blob root>/snapshots/}: a name the blob sweep skips (not a two-hex directory).
 * A snapshot appears under its name only by an atomic rename of a fully written and fsynced temp file.
 */
final class FileSystemSnapshots implements SnapshotStore {
    static final String DIRECTORY = "snapshots";
    private final Path dir;

    FileSystemSnapshots(Path blobRoot) {
        this.dir = blobRoot.resolve(DIRECTORY);
    }

    @Override
    public void put(String name, Path file) throws IOException {
        Path target = dir.resolve(SnapshotStore.requireValidName(name));
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, ".put-", ".part");
        try {
            Files.copy(file, temp, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    @Override
    public List<String> names() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> !name.startsWith(".")).toList();
        }
    }

    @Override
    public Optional<InputStream> open(String name) throws IOException {
        try {
            return Optional.of(Files.newInputStream(dir.resolve(SnapshotStore.requireValidName(name))));
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }

    @Override
    public void delete(String name) throws IOException {
        Files.deleteIfExists(dir.resolve(SnapshotStore.requireValidName(name)));
    }

    @Override
    public String toString() {
        return "FileSystemSnapshots[" + dir + "]";
    }
}
