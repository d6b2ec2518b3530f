package io.sites.command.remote;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a dry run's sourceUrl fetches land instead of the blob store: a temporary directory, named by SHA-256 like
 * the store so the bundle reader can read a file back for its rules, and deleted with everything in it on close.
 * A dry run thus fetches exactly as a publish does and writes nothing that outlives it.
 */
final class ScratchBlobs implements BlobStore, AutoCloseable {
    private final Path dir;

    ScratchBlobs() {
        try {
            this.dir = Files.createTempDirectory("sites-dry-run");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create scratch space for a dry run", e);
        }
    }

    @Override
    public BlobRef write(byte[] bytes) throws IOException {
        try (InputStream in = new java.io.ByteArrayInputStream(bytes)) {
            return write(in);
        }
    }

    @Override
    public BlobRef write(InputStream in) throws IOException {
        Path temp = Files.createTempFile(dir, "fetch", ".part");
        MessageDigest sha256 = sha256();
        long size;
        try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), sha256)) {
            size = in.transferTo(out);
        }
        String hash = HexFormat.of().formatHex(sha256.digest());
        Files.move(temp, dir.resolve(hash), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return new BlobRef(hash, size);
    }

    @Override
    public boolean contains(String sha256) {
        return Files.exists(dir.resolve(sha256));
    }

    @Override
    public Optional<InputStream> open(String sha256) throws IOException {
        Path file = dir.resolve(sha256);
        return Files.exists(file) ? Optional.of(Files.newInputStream(file)) : Optional.empty();
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete a dry run's scratch space " + dir, e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
