package io.sites.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * A folder as a bundle: every file not ignored (see {@link Ignores}), with its site path, size, SHA-256 and whether
 * it is text (valid UTF-8 without NUL bytes: sent inline as it is) or binary (sent through an upload slot or as
 * base64). Files are read once here to hash them (unless {@link FolderDigests} knows them unchanged since the last
 * run) and again only if the service lacks them.
 */
final class Folder {
    /** One file of the folder. */
    record LocalFile(String path, Path file, long size, String sha256, boolean text) {
    }

    private Folder() {
    }

    static List<LocalFile> read(Path root) {
        return read(root, FolderDigests.none());
    }

    /**
     * Every file of the folder, the ones {@code digests} knows unchanged without reading them, the others read and
     * hashed on every core; {@code digests} then holds what this run found, to be saved for the next.
     */
    static List<LocalFile> read(Path root, FolderDigests digests) {
        if (!Files.isDirectory(root)) {
            throw new Failure(Exit.USAGE, root + " is not a folder.");
        }
        try {
            Ignores ignores = Ignores.of(root);
            List<Found> found = new ArrayList<>();
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    return dir.equals(root) || !ignores.ignored(relative(root, dir), true)
                            ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String path = relative(root, file);
                    if (attributes.isRegularFile() && !ignores.ignored(path, false)) {
                        found.add(new Found(path, file, attributes));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            List<LocalFile> files = new ArrayList<>(found.parallelStream().map(each -> describe(each, digests))
                    .toList());
            files.sort(Comparator.comparing(LocalFile::path));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + root + ": " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("Could not read " + root + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    private record Found(String path, Path file, BasicFileAttributes attributes) {
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    // The whole file is read at once to hash it and tell text from binary; site files are at most 50 MB each.
    private static LocalFile describe(Found found, FolderDigests digests) {
        var known = digests.unchanged(found.path(), found.attributes());
        if (known.isPresent()) {
            digests.record(found.path(), found.attributes(), known.get().sha256(), known.get().text());
            return new LocalFile(found.path(), found.file(), found.attributes().size(), known.get().sha256(),
                    known.get().text());
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(found.file())) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String sha256 = HexFormat.of().formatHex(sha256().digest(bytes));
        boolean text = text(bytes);
        if (bytes.length == found.attributes().size()) { // else it changed while read: known next time only by a read
            digests.record(found.path(), found.attributes(), sha256, text);
        }
        return new LocalFile(found.path(), found.file(), bytes.length, sha256, text);
    }

    /** Valid UTF-8 without NUL bytes: sent inline as it is; anything else is binary. */
    static boolean text(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return false;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException binary) {
            return false;
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
