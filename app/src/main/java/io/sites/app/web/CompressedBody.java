package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * A request body sent with {@code Content-Encoding: gzip} (a big site's manifest of digests shrinks to about half,
 * its HTML to a fifth): inflated while it is spooled, so everything after admission reads the JSON itself and the
 * request cap counts inflated bytes. Bounded like an uploaded archive: at most {@link #MAX_RATIO} times the bytes
 * received (past a first {@link #FREE_BYTES}), so a few kilobytes cannot make the server write the whole cap.
 * Any other coding is 415, a body that is not gzip 400; both in the envelope, nothing kept.
 */
final class CompressedBody {
    /** As an archive's (UploadedBundle.MAX_RATIO): JSON of text and digests compresses far less than this. */
    static final long MAX_RATIO = 100;
    /** Inflated bytes allowed whatever the ratio: small bodies of repeated text may compress past it. */
    static final long FREE_BYTES = 1024 * 1024;

    private CompressedBody() {
    }

    /** Whether the body is gzip; identity (or no header) is not. */
    static boolean gzip(HttpServletRequest request) {
        String coding = coding(request);
        return coding != null && (coding.equals("gzip") || coding.equals("x-gzip"));
    }

    /** The refusal of a coding other than gzip and identity, or null when the body can be read. */
    static ApiErrors.Failure unsupported(HttpServletRequest request) {
        String coding = coding(request);
        if (coding == null || coding.equals("identity") || gzip(request)) {
            return null;
        }
        return new ApiErrors.Failure(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body's Content-Encoding is not "
                + "one this API reads: send it as is, or compressed with gzip (Content-Encoding: gzip).");
    }

    static ApiErrors.Failure notGzip() {
        return new ApiErrors.Failure(ErrorCode.BAD_REQUEST, "The request body says Content-Encoding: gzip but is "
                + "not a whole gzip stream. Nothing was changed.");
    }

    /** The inflated body of {@code received}, refusing past the ratio with a 413 (the caller caps the size). */
    static InputStream inflated(InputStream received) throws IOException {
        Counted counted = new Counted(received);
        return new Ratio(new GZIPInputStream(counted, 16 * 1024), counted);
    }

    private static String coding(HttpServletRequest request) {
        String coding = request.getHeader("Content-Encoding");
        return coding == null || coding.isBlank() ? null : coding.trim().toLowerCase(Locale.ROOT);
    }

    /** The bytes received so far. */
    private static final class Counted extends FilterInputStream {
        private long count;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count += Math.max(n, 0);
            return n;
        }

        @Override
        public void close() {
            // The container's stream is the container's to close.
        }
    }

    /** Inflated bytes, checked against the ratio as they come. */
    private static final class Ratio extends FilterInputStream {
        private final Counted received;
        private long inflated;

        Ratio(InputStream in, Counted received) {
            super(in);
            this.received = received;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) {
            inflated += n;
            if (inflated > FREE_BYTES && inflated > MAX_RATIO * received.count) {
                throw new PayloadTooLargeException("The request body inflates to more than " + MAX_RATIO
                        + " times its compressed size, as a gzip bomb does. Send it uncompressed.");
            }
        }
    }
}
