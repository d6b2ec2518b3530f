package io.sites.command.limits;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * A body counted while it is read and refused the moment it passes its cap, with the refusal of whoever reads it (a
 * request body, an upload PUT, a sourceUrl download), so each keeps its own status and message. It never asks the
 * source for more than one byte past the cap, so an oversize body is never read, let alone stored, whole.
 */
public final class CappedInputStream extends InputStream {
    private final InputStream in;
    private final long cap;
    private final Supplier<? extends RuntimeException> refusal;
    private long count;

    public CappedInputStream(InputStream in, long cap, Supplier<? extends RuntimeException> refusal) {
        this.in = in;
        this.cap = cap;
        this.refusal = refusal;
    }

    @Override
    public int read() throws IOException {
        refuseIfPast();
        int b = in.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        refuseIfPast();
        long room = cap - count;
        int n = in.read(buffer, offset, room >= length ? length : (int) room + 1);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    private void count(int n) {
        count += n;
        refuseIfPast();
    }

    private void refuseIfPast() {
        if (count > cap) {
            throw refusal.get();
        }
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
