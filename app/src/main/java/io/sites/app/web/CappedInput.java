package io.sites.app.web;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body counted while it is read, refused with {@link PayloadTooLargeException} the moment it passes the
 * cap: the one place the request cap is enforced on bodies without a Content-Length, for /v1 and /mcp alike.
 */
final class CappedInput extends ServletInputStream {
    private final InputStream in;
    private final long maxBytes;
    private final String refusal;
    private long read;

    CappedInput(InputStream in, long maxBytes, String refusal) {
        this.in = in;
        this.maxBytes = maxBytes;
        this.refusal = refusal;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    private void count(long n) {
        read += n;
        if (read > maxBytes) {
            throw new PayloadTooLargeException(refusal);
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

    @Override
    public boolean isFinished() {
        return in instanceof ServletInputStream servlet ? servlet.isFinished() : false;
    }

    @Override
    public boolean isReady() {
        return !(in instanceof ServletInputStream servlet) || servlet.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        if (!(in instanceof ServletInputStream servlet)) {
            throw new IllegalStateException("A spooled body is read blocking");
        }
        servlet.setReadListener(listener);
    }
}
