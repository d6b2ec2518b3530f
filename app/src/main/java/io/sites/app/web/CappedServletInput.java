package io.sites.app.web;

import io.sites.command.limits.CappedInputStream;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body counted while it is read ({@link CappedInputStream}), refused with {@link PayloadTooLargeException}
 * the moment it passes the cap: the one place the request cap is enforced on bodies without a Content-Length, for
 * /v1 and /mcp alike. A servlet stream, because that is what the request's reader gets, whether the bytes come from
 * the container, a spooled file or memory.
 */
final class CappedServletInput extends ServletInputStream {
    private final InputStream source;
    private final CappedInputStream in;

    CappedServletInput(InputStream source, long maxBytes, String refusal) {
        this.source = source;
        this.in = new CappedInputStream(source, maxBytes, () -> new PayloadTooLargeException(refusal));
    }

    @Override
    public int read() throws IOException {
        return in.read();
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        return in.read(buffer, offset, length);
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
        return source instanceof ServletInputStream servlet ? servlet.isFinished() : false;
    }

    @Override
    public boolean isReady() {
        return !(source instanceof ServletInputStream servlet) || servlet.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        if (!(source instanceof ServletInputStream servlet)) {
            throw new IllegalStateException("A spooled body is read blocking");
        }
        servlet.setReadListener(listener);
    }
}
