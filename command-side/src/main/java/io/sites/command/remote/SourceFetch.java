package io.sites.command.remote;

import static io.sites.api.code.ViolationCode.FILE_TOO_LARGE;
import static io.sites.api.code.ViolationCode.SOURCE_ADDRESS_FORBIDDEN;
import static io.sites.api.code.ViolationCode.SOURCE_HTTP_ERROR;
import static io.sites.api.code.ViolationCode.SOURCE_TOO_MANY_REDIRECTS;
import static io.sites.api.code.ViolationCode.SOURCE_UNREACHABLE;
import static io.sites.api.code.ViolationCode.SOURCE_URL_INVALID;

import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.command.limits.CappedInputStream;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLSocketFactory;

/**
 * One sourceUrl fetch: every hop's host is resolved here, every address checked by the {@link AddressPolicy}, and
 * the socket opened to exactly that checked address (no second lookup a resolver could answer differently); TLS
 * then verifies the certificate for the host as written, with SNI. HTTP/1.1 GET, at most three redirects, connect
 * and read timeouts, and the body streamed into the blob store through a cap.
 */
final class SourceFetch {
    static final int MAX_REDIRECTS = 3;
    private static final int MAX_HEADER_BYTES = 64 * 1024;

    /** A failure the client can act on; {@code code} is the violation code. */
    static final class Failed extends Exception {
        final String code;

        Failed(ViolationCode code, String message) {
            super(message);
            this.code = code.name();
        }
    }

    record Result(BlobRef blob, String contentType) {
    }

    /** Looks names up; a port so tests can answer for names they own. Production uses the system resolver. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final AddressPolicy policy;
    private final Resolver resolver;
    private final SSLSocketFactory tls;
    private final BlobStore blobs;
    private final long maxBytes;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration totalTimeout;

    /** @param totalTimeout for the whole fetch, redirects included, so a server trickling bytes cannot hold on */
    SourceFetch(AddressPolicy policy, Resolver resolver, SSLSocketFactory tls, BlobStore blobs, long maxBytes,
            Duration connectTimeout, Duration readTimeout, Duration totalTimeout) {
        this.totalTimeout = totalTimeout;
        this.policy = policy;
        this.resolver = resolver;
        this.tls = tls;
        this.blobs = blobs;
        this.maxBytes = maxBytes;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    Result fetch(String sourceUrl) throws Failed, IOException {
        return fetch(sourceUrl, blobs);
    }

    /** As {@link #fetch(String)}, the body streamed into {@code into} (a dry run's scratch space). */
    Result fetch(String sourceUrl, BlobStore into) throws Failed, IOException {
        long deadline = System.nanoTime() + totalTimeout.toNanos();
        SourceLocation location;
        try {
            location = SourceLocation.parse(sourceUrl);
        } catch (SourceLocation.Invalid invalid) {
            throw new Failed(SOURCE_URL_INVALID, invalid.getMessage());
        }
        for (int hop = 0; ; hop++) {
            InetAddress address = checkedAddress(location);
            try (Socket socket = connect(address, location)) {
                InputStream in = new BufferedInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream();
                out.write(("GET " + location.target() + " HTTP/1.1\r\nHost: " + hostHeader(location)
                        + "\r\nUser-Agent: sites-fetch/1\r\nAccept: */*\r\nAccept-Encoding: identity\r\n"
                        + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                int status = status(readLine(in));
                Map<String, String> headers = readHeaders(in);
                if (status >= 300 && status < 400 && status != 304 && headers.containsKey("location")) {
                    if (hop >= MAX_REDIRECTS) {
                        throw new Failed(SOURCE_TOO_MANY_REDIRECTS, "it redirected more than " + MAX_REDIRECTS
                                + " times");
                    }
                    try {
                        location = location.redirect(headers.get("location"));
                    } catch (SourceLocation.Invalid invalid) {
                        throw new Failed(SOURCE_URL_INVALID, invalid.getMessage());
                    }
                    continue;
                }
                if (status < 200 || status > 299) {
                    throw new Failed(SOURCE_HTTP_ERROR, location.uri() + " answered HTTP " + status);
                }
                String encoding = headers.getOrDefault("content-encoding", "identity").strip();
                if (!encoding.equalsIgnoreCase("identity")) {
                    throw new Failed(SOURCE_HTTP_ERROR, "it answered with Content-Encoding " + encoding
                            + " although identity was asked for");
                }
                return new Result(body(in, headers, deadline, into), headers.get("content-type"));
            } catch (java.net.SocketTimeoutException timeout) {
                throw new Failed(SOURCE_UNREACHABLE, "the server did not answer in time");
            } catch (javax.net.ssl.SSLException tlsFailed) {
                throw new Failed(SOURCE_UNREACHABLE, "the TLS connection failed (" + tlsFailed.getMessage() + ")");
            } catch (java.net.ConnectException refused) {
                throw new Failed(SOURCE_UNREACHABLE, "the connection to " + location.host() + " failed");
            } catch (IOException broken) {
                // Network faults only: the blob store's own failures leave body() as UncheckedIOException.
                throw new Failed(SOURCE_UNREACHABLE, "the connection to " + location.host() + " broke ("
                        + broken.getMessage() + ")");
            }
        }
    }

    private InetAddress checkedAddress(SourceLocation location) throws Failed {
        try {
            return PinnedSockets.checkedAddress(location, policy, resolver::resolve);
        } catch (PinnedSockets.Refused refused) {
            throw new Failed(refused.forbidden ? SOURCE_ADDRESS_FORBIDDEN : SOURCE_UNREACHABLE,
                    refused.getMessage().replace("are reached", "are fetched"));
        }
    }

    private Socket connect(InetAddress address, SourceLocation location) throws IOException {
        return PinnedSockets.connect(address, location, tls, connectTimeout, readTimeout);
    }

    private static String hostHeader(SourceLocation location) {
        return PinnedSockets.hostHeader(location);
    }

    private BlobRef body(InputStream in, Map<String, String> headers, long deadline, BlobStore into)
            throws Failed, IOException {
        InputStream body;
        if (headers.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT).contains("chunked")) {
            body = new Chunked(in);
        } else if (headers.containsKey("content-length")) {
            long length;
            try {
                length = Long.parseLong(headers.get("content-length").strip());
            } catch (NumberFormatException e) {
                throw new Failed(SOURCE_HTTP_ERROR, "it answered with an invalid Content-Length");
            }
            if (length > maxBytes) {
                throw tooLarge();
            }
            body = new Bounded(in, length);
        } else {
            body = in;
        }
        Watched watched = new Watched(body, deadline);
        try {
            return into.write(new CappedInputStream(watched, maxBytes, BodyTooLarge::new));
        } catch (BodyTooLarge e) {
            throw tooLarge();
        } catch (IOException | RuntimeException e) {
            if (watched.late) {
                throw new Failed(SOURCE_UNREACHABLE, "the download took longer than " + totalTimeout.toSeconds()
                        + " seconds");
            }
            if (watched.sourceFailed && e instanceof IOException io) {
                throw io;
            }
            throw e instanceof IOException io ? new java.io.UncheckedIOException("blob store failed", io)
                    : (RuntimeException) e;
        }
    }

    private Failed tooLarge() {
        return new Failed(FILE_TOO_LARGE, "it is larger than " + maxBytes + " bytes, the limit per file");
    }

    private static int status(String line) throws Failed {
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new Failed(SOURCE_HTTP_ERROR, "it did not answer with HTTP/1.x");
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new Failed(SOURCE_HTTP_ERROR, "it answered with an invalid status line");
        }
    }

    private static Map<String, String> readHeaders(InputStream in) throws IOException, Failed {
        Map<String, String> headers = new TreeMap<>();
        int total = 0;
        for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            total += line.length();
            if (total > MAX_HEADER_BYTES) {
                throw new Failed(SOURCE_HTTP_ERROR, "its response headers are too large");
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        line.substring(colon + 1).strip());
            }
        }
        return headers;
    }

    private static String readLine(InputStream in) throws IOException, Failed {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("connection closed in the response head");
            }
            if (line.size() > 8192) {
                throw new Failed(SOURCE_HTTP_ERROR, "its response has a line that is too long");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /** A filter of the response body: its byte read goes through its array read, where each filter's rule is. */
    private abstract static class BodyFilter extends FilterInputStream {
        BodyFilter(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }

    /** Content-Length framing: exactly that many bytes, and an error if the connection ends sooner. */
    private static final class Bounded extends BodyFilter {
        private long left;

        Bounded(InputStream in, long length) {
            super(in);
            this.left = length;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new EOFException("connection closed before Content-Length bytes arrived");
            }
            left -= n;
            return n;
        }
    }

    /** Chunked transfer coding; trailers are read and ignored. */
    private static final class Chunked extends BodyFilter {
        private long left;
        private boolean done;

        Chunked(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            try {
                if (left == 0) {
                    String size = readLine(in);
                    int semicolon = size.indexOf(';');
                    left = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).strip(), 16);
                    if (left == 0) {
                        while (!readLine(in).isEmpty()) {
                            // trailer fields
                        }
                        done = true;
                        return -1;
                    }
                }
                int n = in.read(b, off, (int) Math.min(len, left));
                if (n < 0) {
                    throw new EOFException("connection closed inside a chunk");
                }
                left -= n;
                if (left == 0) {
                    readLine(in); // CRLF after the chunk
                }
                return n;
            } catch (Failed | NumberFormatException malformed) {
                throw new IOException("malformed chunked body", malformed);
            }
        }
    }

    /** The body read past the cap: a refusal of this fetch, not a failure of the source or of the blob store. */
    private static final class BodyTooLarge extends RuntimeException {
        BodyTooLarge() {
            super(null, null, false, false);
        }
    }

    /** Knows why a read failed: the fetch's deadline passed, or the source did (not the blob store). */
    private static final class Watched extends BodyFilter {
        private final long deadline;
        boolean sourceFailed;
        boolean late;

        Watched(InputStream in, long deadline) {
            super(in);
            this.deadline = deadline;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (System.nanoTime() > deadline) {
                late = true;
                throw new IOException("fetch deadline passed");
            }
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                sourceFailed = true;
                throw e;
            }
        }
    }
}
