package io.sites.app.webapp;

import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.InlineDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The files one upload from the browser unpacks, each read from its stream (a zip entry as it inflates, a folder's
 * part) a buffer at a time and counted as it comes, never sized by what an archive declares, and never read past its
 * cap. A small file is held in memory while the request holds little, with its heap reserved from the same budget as
 * API bodies; every other file goes to the request's temporary directory, hashed on the way, and reaches
 * {@code PublishService} as content decoded while read, as a large REST body's files do. Before the publish reads
 * them, the heap it will take for them is reserved too ({@link #reserveForReading}).
 */
final class UnpackedFiles {
    /** A file up to this size may be held in memory, as a REST body's small contents are. */
    static final int HOLD_UP_TO = 1024 * 1024;
    /** What one request holds in memory while it unpacks; beyond, every file goes to its temporary directory. */
    static final long HELD_PER_REQUEST = 16L * 1024 * 1024;
    /** Held bytes are reserved this many at a time, so a folder of small files does not reserve per file. */
    static final long RESERVED_STEP = 4L * 1024 * 1024;
    private static final int BUFFER = 64 * 1024;

    /** Where spilled files go: the request's own temporary directory, made on first use. */
    @FunctionalInterface
    interface Scratch {
        Path dir() throws IOException;
    }

    /** Reserves heap until the request ends, or throws the budget's refusal (413 or 503). */
    @FunctionalInterface
    interface Budget {
        void reserve(long files, long heldBytes);
    }

    /** A file as read: its source for the bundle and its size. */
    record Taken(FileSource source, long size) {
    }

    private final Scratch scratch;
    private final Budget budget;
    private final byte[] buffer = new byte[BUFFER];
    private long held;
    private long reservedHeld;

    UnpackedFiles(Scratch scratch, Budget budget) {
        this.scratch = scratch;
        this.budget = budget;
    }

    /** The file's bytes, held or in a temporary file; null once more than {@code max} came (the rest is not read). */
    Taken take(InputStream in, long max) throws IOException {
        byte[] start = in.readNBytes((int) Math.min(HOLD_UP_TO, max) + 1);
        if (start.length > max) {
            return null;
        }
        boolean whole = start.length <= Math.min(HOLD_UP_TO, max);
        if (whole && held + start.length <= HELD_PER_REQUEST) {
            held += start.length;
            while (reservedHeld < held) {
                budget.reserve(0, RESERVED_STEP);
                reservedHeld += RESERVED_STEP;
            }
            return new Taken(new FileSource.Bytes(start), start.length);
        }
        Path file = Files.createTempFile(scratch.dir(), "file-", ".bin");
        MessageDigest digest = sha256();
        long size = start.length;
        try (OutputStream out = Files.newOutputStream(file)) {
            digest.update(start);
            out.write(start);
            for (int n = in.read(buffer); n >= 0 && size <= max; n = in.read(buffer, 0,
                    (int) Math.min(buffer.length, max - size + 1))) {
                size += n;
                if (size > max) {
                    break;
                }
                digest.update(buffer, 0, n);
                out.write(buffer, 0, n);
            }
        }
        if (size > max) {
            Files.delete(file);
            return null;
        }
        return new Taken(new FileSource.Decoded(new DecodedContent.Spilled(file, size,
                HexFormat.of().formatHex(digest.digest()))), size);
    }

    /** Reads what nobody keeps (a folder entry's data, a skipped file), counted; -1 once more than {@code max} came. */
    long discard(InputStream in, long max) throws IOException {
        long size = 0;
        for (int n = in.read(buffer, 0, (int) Math.min(buffer.length, max + 1)); n >= 0;
                n = in.read(buffer, 0, (int) Math.min(buffer.length, max - size + 1))) {
            size += n;
            if (size > max) {
                return -1;
            }
        }
        return size;
    }

    /**
     * Reserves the heap the publish will take for these files: each file's entry, and the bytes it reads back from a
     * temporary file to scan (pages, styles, scripts), on top of those held already.
     */
    void reserveForReading(List<FileInput> files) {
        long readBack = 0;
        for (FileInput file : files) {
            if (file.source() instanceof FileSource.Decoded(DecodedContent.Spilled spilled)
                    && InlineDecoder.readBack(file.path(), file.contentType())) {
                readBack += spilled.size();
            }
        }
        budget.reserve(files.size(), readBack);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("SHA-256 is part of every JDK", missing);
        }
    }
}
