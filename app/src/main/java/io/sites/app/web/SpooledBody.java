package io.sites.app.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One request's large body, read off the connection before the operation sees it, with the memory reserved for
 * reading it. A body whose length is declared and at most {@link #HELD_UP_TO} is held in memory when the budget has
 * room for it at once: a publish then creates and deletes no file and copies nothing through the page cache, which
 * on ext4 also keeps the blob store's new files cheap (every inode freed nearby makes the next allocation scan
 * further). Any other body goes to the request's temporary directory ({@link RequestSpool}). Whatever is decoded from
 * it may spill into that directory; closing deletes it and gives the memory back.
 */
final class SpooledBody implements AutoCloseable {
    /** The largest body held in memory; a larger or chunked one is spooled to a file. */
    static final long HELD_UP_TO = 16L * 1024 * 1024;

    private final RequestSpool spool;
    /** The body's bytes when held; null when it is in {@link #file}. */
    private byte[] held;
    private Path file;
    private long size;

    private SpooledBody(RequestSpool spool) {
        this.spool = spool;
    }

    /**
     * Where a body of the {@code declared} length (-1 when chunked) goes: memory, if it may be held and its bytes can
     * be reserved without waiting, else a file in the request's temporary directory.
     */
    static SpooledBody of(RequestSpool spool, long declared) throws IOException {
        SpooledBody body = new SpooledBody(spool);
        if (declared > 0 && declared <= HELD_UP_TO && spool.reserveNow(declared)) {
            body.held = new byte[0];
        } else {
            body.file = body.dir().resolve("body.json");
        }
        return body;
    }

    /** Copies the body here; {@link PayloadTooLargeException} from a capped {@code in} passes through. */
    void fill(InputStream in, long declared) throws IOException {
        if (held != null) {
            held = in.readNBytes((int) declared);
            size = held.length;
            return;
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            size = in.transferTo(out);
        }
    }

    /** The body from its start. */
    InputStream open() throws IOException {
        return held != null ? new ByteArrayInputStream(held) : Files.newInputStream(file);
    }

    /** The body from {@code offset} on. */
    InputStream openAt(long offset) throws IOException {
        if (held != null) {
            int at = (int) Math.min(offset, held.length);
            return new ByteArrayInputStream(held, at, held.length - at);
        }
        FileChannel channel = FileChannel.open(file);
        channel.position(offset);
        return Channels.newInputStream(channel);
    }

    /** Reads {@code into.length} bytes from {@code offset}; false if the body ends before. */
    boolean read(long offset, byte[] into) throws IOException {
        if (held != null) {
            if (offset + into.length > held.length) {
                return false;
            }
            System.arraycopy(held, (int) offset, into, 0, into.length);
            return true;
        }
        try (FileChannel channel = FileChannel.open(file)) {
            ByteBuffer buffer = ByteBuffer.wrap(into);
            while (buffer.hasRemaining() && channel.read(buffer, offset + buffer.position()) >= 0) {
                // a positional read may return less than asked
            }
            return !buffer.hasRemaining();
        }
    }

    /** The bytes when held in memory, else null. */
    byte[] held() {
        return held;
    }

    /** This request's own temporary directory, for the body's file and whatever spills; made on first use. */
    Path dir() throws IOException {
        return spool.dir();
    }

    long size() {
        return size;
    }

    /**
     * Reserves more memory for this request, until it ends.
     *
     * @throws ServerBusyException when it cannot be had in time
     * @throws PayloadTooLargeException when it could never be had
     */
    void reserve(long cost) {
        spool.reserve(cost);
    }

    @Override
    public void close() {
        held = null;
        spool.close();
    }
}
