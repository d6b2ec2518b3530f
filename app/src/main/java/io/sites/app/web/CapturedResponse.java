package io.sites.app.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import org.springframework.http.HttpHeaders;

/**
 * A response held back while its request runs under an Idempotency-Key: headers go to the real response, the body
 * is buffered, so the answer can be kept before the client gets it. A response handed to the container's error page
 * ({@code sendError}) is not an answer of the operation and is never kept.
 */
final class CapturedResponse extends HttpServletResponseWrapper {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private ServletOutputStream stream;
    private PrintWriter writer;
    private boolean passedOn;

    CapturedResponse(HttpServletResponse response) {
        super(response);
    }

    /** The answer so far; null when it went to the container's error page. */
    IdempotentRequests.Answer answer() {
        if (passedOn) {
            return null;
        }
        if (writer != null) {
            writer.flush();
        }
        return new IdempotentRequests.Answer(getStatus(), getContentType(), getHeader(HttpHeaders.LOCATION),
                body.toByteArray());
    }

    /** Sends the held body to the client. */
    void send() throws IOException {
        IdempotentRequests.Answer answer = answer();
        if (answer != null) {
            HttpServletResponse response = (HttpServletResponse) getResponse();
            response.setContentLength(answer.body().length);
            response.getOutputStream().write(answer.body());
        }
    }

    @Override
    public void sendError(int status) throws IOException {
        passedOn = true;
        super.sendError(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
        passedOn = true;
        super.sendError(status, message);
    }

    @Override
    public void sendRedirect(String location) throws IOException {
        passedOn = true;
        super.sendRedirect(location);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        if (writer != null) {
            throw new IllegalStateException("getWriter() was called already");
        }
        if (stream == null) {
            stream = new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new UnsupportedOperationException("A held response is written synchronously");
                }

                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public void write(byte[] bytes, int offset, int length) {
                    body.write(bytes, offset, length);
                }
            };
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (stream != null) {
            throw new IllegalStateException("getOutputStream() was called already");
        }
        if (writer == null) {
            writer = new PrintWriter(new OutputStreamWriter(body, Charset.forName(getCharacterEncoding())));
        }
        return writer;
    }

    @Override
    public void setContentLength(int length) {
        // the length is set when the held body is sent
    }

    @Override
    public void setContentLengthLong(long length) {
        // the length is set when the held body is sent
    }

    @Override
    public void flushBuffer() {
        if (writer != null) {
            writer.flush();
        }
    }

    @Override
    public boolean isCommitted() {
        return passedOn && super.isCommitted();
    }

    @Override
    public void resetBuffer() {
        body.reset();
    }

    @Override
    public void reset() {
        super.reset();
        body.reset();
    }
}
