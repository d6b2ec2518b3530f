package io.sites.site.serving;

import io.netty.channel.DefaultFileRegion;
import io.netty.channel.FileRegion;
import io.netty.util.AbstractReferenceCounted;
import io.netty.util.IllegalReferenceCountException;
import io.netty.util.ReferenceCounted;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A blob's file, open once and shared by every response that sends it: each response holds a reference
 * ({@link #lease}) that its {@link FileRegion} gives back when written; the file closes when {@link SiteFiles}
 * has let go of it and the last response is done. Reads are positional, so responses never disturb each other.
 */
final class BlobFile extends AbstractReferenceCounted {
    final FileChannel channel;

    BlobFile(FileChannel channel) {
        this.channel = channel;
    }

    /** One more response's reference; false when the file was closed meanwhile (evicted and done). */
    boolean lease() {
        try {
            retain();
            return true;
        } catch (IllegalReferenceCountException closed) {
            return false;
        }
    }

    /** The leased span as Netty sends it (sendfile on epoll); writing it gives the lease back. */
    FileRegion region(long position, long count) {
        return new Region(this, position, count);
    }

    /**
     * The leased span as a stream of positional reads, for a stack without sendfile; closing it gives the lease
     * back. Reading past the file's end is an error, as the span was checked against the blob's size.
     */
    InputStream stream(long position, long count) {
        return new Span(position, count);
    }

    @Override
    protected void deallocate() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Read-only: nothing is lost when closing fails.
        }
    }

    @Override
    public ReferenceCounted touch(Object hint) {
        return this;
    }

    /** Netty's file region over the shared channel: deallocating it returns the lease instead of closing. */
    private static final class Region extends DefaultFileRegion {
        private final BlobFile file;

        Region(BlobFile file, long position, long count) {
            super(file.channel, position, count);
            this.file = file;
        }

        @Override
        protected void deallocate() {
            file.release();
        }
    }

    private final class Span extends InputStream {
        private long position;
        private long left;
        private boolean closed;

        Span(long position, long count) {
            this.position = position;
            this.left = count;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int read = channel.read(ByteBuffer.wrap(into, offset, (int) Math.min(length, left)), position);
            if (read < 0) {
                throw new IOException("A blob file ended early");
            }
            position += read;
            left -= read;
            return read;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release();
            }
        }
    }
}
