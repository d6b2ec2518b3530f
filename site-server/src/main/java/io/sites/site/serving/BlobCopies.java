package io.sites.site.serving;

import io.sites.api.blob.BlobStore;
import io.sites.api.site.ManifestEntry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Copies on this machine's disk of blobs from a store that keeps none here (S3 in a fleet), so their bodies go out
 * with sendfile as a local store's do, instead of through the JVM in chunks: a blob is copied once, on its first
 * request that would be sent from disk (off the event loop), its digest and size checked before it is used, and the
 * copies are bounded by bytes, the least recently opened deleted first. Deleting a copy that a response is still
 * sending is safe: the open file lives on until its descriptor closes. The directory is emptied at start (its
 * copies are not known to this process), so it needs no bookkeeping of its own.
 */
final class BlobCopies {
    private final BlobStore blobs;
    private final Path directory;
    private final long capacity;
    /** Copies by digest, with their sizes, least recently opened first. */
    private final LinkedHashMap<String, Long> copies = new LinkedHashMap<>(16, 0.75f, true);
    private long used;

    BlobCopies(BlobStore blobs, Path directory, long capacity) throws IOException {
        this.blobs = blobs;
        this.directory = directory;
        this.capacity = capacity;
        Files.createDirectories(directory);
        try (Stream<Path> left = Files.list(directory)) {
            for (Path file : (Iterable<Path>) left::iterator) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** The blob's local copy, open for reading, made first if need be; empty when the store has no such blob. */
    Optional<FileChannel> openFile(ManifestEntry file) throws IOException {
        if (file.size() > capacity) {
            return Optional.empty();
        }
        Path copy = directory.resolve(file.sha256());
        synchronized (copies) {
            if (copies.get(file.sha256()) != null) {
                try {
                    return Optional.of(FileChannel.open(copy, StandardOpenOption.READ));
                } catch (IOException gone) {
                    forget(file.sha256());
                }
            }
        }
        Optional<InputStream> stored = blobs.open(file.sha256());
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Path part = Files.createTempFile(directory, "copy-", ".part");
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            long size;
            try (InputStream in = stored.get(); OutputStream out = new DigestOutputStream(Files.newOutputStream(part),
                    sha256)) {
                size = in.transferTo(out);
            }
            String digest = HexFormat.of().formatHex(sha256.digest());
            if (size != file.size() || !digest.equals(file.sha256())) {
                throw new IOException("Blob " + file.sha256() + " of " + file.path() + " read from the store as "
                        + size + " bytes with digest " + digest);
            }
            // Opened before it is named: eviction may delete the name at once, the open file stays readable.
            FileChannel channel = FileChannel.open(part, StandardOpenOption.READ);
            Files.move(part, copy, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            synchronized (copies) {
                if (copies.put(file.sha256(), size) == null) {
                    used += size;
                }
                evict(file.sha256());
            }
            return Optional.of(channel);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private void evict(String kept) throws IOException {
        Iterator<Map.Entry<String, Long>> oldest = copies.entrySet().iterator();
        while (used > capacity && oldest.hasNext()) {
            Map.Entry<String, Long> entry = oldest.next();
            if (!entry.getKey().equals(kept)) {
                oldest.remove();
                used -= entry.getValue();
                Files.deleteIfExists(directory.resolve(entry.getKey()));
            }
        }
    }

    private void forget(String sha) {
        Long size = copies.remove(sha);
        if (size != null) {
            used -= size;
        }
    }

    long usedBytes() {
        synchronized (copies) {
            return used;
        }
    }
}
