package io.sites.app.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lets a JSON request body (REST /v1, MCP /mcp) be read only within the request cap and the process-wide
 * {@link MemoryBudget}: a declared length is checked and reserved before a byte is read; a chunked body is first
 * spooled to a temporary file under the cap, then reserved by its size; a large publish is spooled and decoded while
 * read ({@link InlineContents}), which reserves as it goes. Any other body above {@link #SMALL_BODY} reserves by its
 * size or by its JSON tokens, whichever costs more: a body of many tiny objects binds to far more heap than its
 * bytes (a record, strings and a bundle entry per file), and counting its tokens needs no more than a streaming
 * pass that skips every string unread. No memory in time: 503 SERVER_BUSY with Retry-After. The
 * memory is given back and the temporary files deleted when the request ends, however it ends. Upload PUTs are not
 * here: they stream to the blob store and hold only a buffer. See docs/DECISIONS.md for the figures.
 */
@Component
@EnableConfigurationProperties(ApiProperties.class)
public class BodyAdmission {
    /**
     * Heap a REST body takes per byte while Jackson binds it: a long JSON string is gathered as char[] segments (2
     * bytes a character), copied into a builder and then into the String (1 byte each for base64 and ASCII), and
     * decoded to bytes (3/4) while the String is still held.
     */
    private static final int REST_HEAP_PER_BYTE = 4;
    /**
     * Heap an MCP body takes per byte: the SDK reads the whole body into a growing byte array and a String, which are
     * still held while Jackson parses it as a REST body is parsed.
     */
    private static final int MCP_HEAP_PER_BYTE = 5;
    /** Heap per JSON token of a body: the records, lists and strings bound from it, the bundle reader's per file. */
    static final int HEAP_PER_TOKEN = 200;
    /** Small bodies, nearly every request, skip the budget: even all request threads at once hold little. */
    static final long SMALL_BODY = 16 * 1024;
    /**
     * Bodies above this are spooled ({@link SpooledBody}: held apart, in memory while small and the budget has room,
     * else in a file) and counted there before the operation reads them; up to it, held in memory and counted.
     */
    static final long LARGE_BODY = 1024 * 1024;
    /** The default budget, when none is configured: this share of the maximum heap (see docs/DECISIONS.md). */
    static final double DEFAULT_HEAP_SHARE = 0.5;

    private static final String LARGE_FILES = "Send large files through upload slots (POST /v1/uploads) or by "
            + "sourceUrl instead of inline content.";

    private final long maxBytes;
    private final long decodeWhileReadAbove;
    private final MemoryBudget budget;
    private final Path spoolRoot;
    private final JsonMapper json;

    BodyAdmission(JsonMapper json, ApiProperties properties) throws IOException {
        ApiProperties.Limits limits = properties.limits();
        this.json = json;
        this.maxBytes = limits.requestBytes();
        this.decodeWhileReadAbove = limits.decodeWhileReadAbove().toBytes();
        this.budget = new MemoryBudget(limits.bodyMemoryBytes() > 0 ? limits.bodyMemoryBytes()
                : (long) (Runtime.getRuntime().maxMemory() * DEFAULT_HEAP_SHARE), limits.bodyMemoryWait());
        this.spoolRoot = properties.dataDir().resolve("tmp").resolve("bodies");
        Files.createDirectories(spoolRoot);
        // Older files belong to requests of a process that crashed; younger ones may be another replica's that shares
        // the data directory (no request takes an hour).
        Instant stale = Instant.now().minus(Duration.ofHours(1));
        try (Stream<Path> leftovers = Files.walk(spoolRoot)) {
            for (Path leftover : leftovers.sorted(Comparator.reverseOrder()).toList()) {
                if (!leftover.equals(spoolRoot) && Files.getLastModifiedTime(leftover).toInstant().isBefore(stale)) {
                    Files.deleteIfExists(leftover);
                }
            }
        }
    }

    /** How a refusal is answered: the envelope on /v1, a JSON-RPC error on /mcp. */
    @FunctionalInterface
    public interface Refusal {
        void refuse(ApiErrors.Failure failure) throws IOException;
    }

    /** The rest of the request, with a body that may now be read. */
    @FunctionalInterface
    public interface Admitted {
        void proceed(HttpServletRequest request) throws IOException, ServletException;
    }

    /** How a route's body is read, which decides what it costs. */
    public enum Reading {
        /** Bound whole by Jackson, as every /v1 body. */
        REST(REST_HEAP_PER_BYTE),
        /** A REST publish: above sites.limits.decode-while-read-above decoded while read, reserving what it holds. */
        REST_PUBLISH(REST_HEAP_PER_BYTE),
        /** Read whole into a String by the MCP SDK. */
        MCP(MCP_HEAP_PER_BYTE);

        private final int heapPerByte;

        Reading(int heapPerByte) {
            this.heapPerByte = heapPerByte;
        }
    }

    /**
     * Runs {@code next} once the body is within the cap and its memory is reserved, else answers through
     * {@code refusal}.
     */
    public void admit(HttpServletRequest request, Reading reading, Refusal refusal, Admitted next)
            throws IOException, ServletException {
        long declared = request.getContentLengthLong();
        boolean chunked = declared < 0 && request.getHeader("Transfer-Encoding") != null;
        if (declared <= 0 && !chunked) {
            next.proceed(request);
            return;
        }
        if (declared > maxBytes) {
            refusal.refuse(ApiErrors.of(new PayloadTooLargeException(tooLarge())));
            return;
        }
        ApiErrors.Failure unreadable = CompressedBody.unsupported(request);
        if (unreadable != null) {
            refusal.refuse(unreadable);
            return;
        }
        boolean gzip = CompressedBody.gzip(request);
        // A large body is counted (and a large publish decoded) from its spooled copy, never bound whole for that;
        // a compressed one is inflated into it, its inflated size unknown until then.
        boolean spool = chunked || gzip || declared > LARGE_BODY;
        try (SpooledBody spooled = spool ? SpooledBody.of(spool(), gzip ? -1 : declared) : null) {
            long size = declared;
            if (spooled != null) {
                try {
                    // The container's stream is not closed: it is the container's. An inflater is closed here (its
                    // native buffers go now, not when a collection finds it), and closing it leaves the container's.
                    InputStream received = gzip ? CompressedBody.inflated(request.getInputStream())
                            : request.getInputStream();
                    try {
                        spooled.fill(new CappedServletInput(received, maxBytes, tooLarge()), gzip ? -1 : declared);
                    } finally {
                        if (gzip) {
                            received.close();
                        }
                    }
                } catch (PayloadTooLargeException refused) {
                    refusal.refuse(ApiErrors.of(refused));
                    return;
                } catch (java.util.zip.ZipException | java.io.EOFException notGzip) {
                    if (!gzip) {
                        throw notGzip;
                    }
                    refusal.refuse(CompressedBody.notGzip());
                    return;
                }
                size = spooled.size();
            }
            // A large publish is decoded from its spooled body (InlineContents), reserving only what it will hold.
            // Bound whole, a publish costs 4 bytes of heap per byte and half the CPU of decoding it from the file.
            boolean decodedWhileRead = reading == Reading.REST_PUBLISH && size > decodeWhileReadAbove;
            byte[] held = null;
            long cost = 0;
            if (!decodedWhileRead && size > SMALL_BODY) {
                if (spooled == null) {
                    // At most LARGE_BODY bytes: held once, counted, then read by the operation from memory.
                    held = new CappedServletInput(request.getInputStream(), maxBytes, tooLarge()).readNBytes((int) size);
                }
                long tokens = tokens(held != null ? new ByteArrayInputStream(held) : spooled.open());
                cost = Math.max(size * reading.heapPerByte, tokens * HEAP_PER_TOKEN);
            }
            MemoryBudget.Reservation reservation = null;
            if (cost > 0) {
                try {
                    reservation = reserve(cost);
                } catch (PayloadTooLargeException | ServerBusyException refused) {
                    refusal.refuse(ApiErrors.of(refused));
                    return;
                }
            }
            proceed(next, new Body(request, size, spooled, held, decodedWhileRead), reservation);
        }
    }

    /**
     * The JSON tokens of a body, by the streaming parser alone (strings skipped unread); those before a syntax error
     * when there is one, which binding then reports as malformed JSON.
     */
    private long tokens(InputStream body) throws IOException {
        long tokens = 0;
        try (InputStream in = body; JsonParser parser = json.createParser(in)) {
            while (parser.nextToken() != null) {
                tokens++;
            }
        } catch (JacksonException malformed) {
            // counted up to the mistake
        }
        return tokens;
    }

    /**
     * Reserves {@code cost} bytes of the budget, waiting a little when it is taken.
     *
     * @throws ServerBusyException when they cannot be had in time
     * @throws PayloadTooLargeException when they could never be had
     */
    MemoryBudget.Reservation reserve(long cost) {
        if (!budget.fits(cost)) {
            throw new PayloadTooLargeException("This request needs more memory (" + cost + " bytes) than this "
                    + "server can give one request. " + LARGE_FILES);
        }
        try {
            MemoryBudget.Reservation reserved = budget.reserve(cost);
            if (reserved == null) {
                throw busy();
            }
            return reserved;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw busy();
        }
    }

    /**
     * A new scratch space for one request (a temporary directory and reserved heap) under the same budget as every
     * body, for what the web application unpacks from an upload; the caller closes it when the request ends.
     */
    public RequestSpool spool() {
        return new RequestSpool(spoolRoot, this);
    }

    /** Reserves {@code cost} bytes of the budget if they are free now, else null (the caller does without). */
    MemoryBudget.Reservation reserveNow(long cost) {
        return budget.reserveNow(cost);
    }

    /**
     * The SHA-256 of an admitted body's bytes, read from where admission put them: the bytes held, or the spooled file
     * (a buffer at a time), so no body is held twice; a small body read from the client is held for the operation.
     * A request that carried no body (no length, not chunked) hashes as empty.
     */
    static byte[] sha256(ServletRequest request) throws IOException {
        Body body = admitted(request);
        return body != null ? body.sha256() : IdempotentRequests.sha256(new byte[0]);
    }

    /**
     * The spooled body of a large REST publish, to be decoded while read ({@link PublishBodyConverter}); null for any
     * other request. Read from the admitted body itself, under whatever wraps it since.
     */
    static SpooledBody decodeWhileRead(ServletRequest request) {
        Body body = admitted(request);
        return body != null && body.decodeWhileRead ? body.spooled : null;
    }

    private static Body admitted(ServletRequest request) {
        ServletRequest at = request;
        while (!(at instanceof Body) && at instanceof ServletRequestWrapper wrapper) {
            at = wrapper.getRequest();
        }
        return at instanceof Body body ? body : null;
    }

    private static void proceed(Admitted next, Body body, MemoryBudget.Reservation reservation)
            throws IOException, ServletException {
        try {
            next.proceed(body);
        } finally {
            body.close();
            if (reservation != null) {
                reservation.close();
            }
        }
    }

    private ServerBusyException busy() {
        Duration retry = budget.waitLimit().compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1)
                : budget.waitLimit();
        return new ServerBusyException("The server is taking in as many large requests as its memory allows. "
                + "Nothing was published; send the same request again in " + retry.toSeconds() + " seconds.", retry);
    }

    private String tooLarge() {
        return "The request body is larger than " + maxBytes + " bytes. " + LARGE_FILES;
    }

    /** The admitted body: read from the client within the cap, from its spooled file, or from the bytes held. */
    private final class Body extends HttpServletRequestWrapper {
        private final long size;
        private final SpooledBody spooled;
        private final boolean decodeWhileRead;
        private byte[] held;
        private ServletInputStream stream;
        private BufferedReader reader;

        Body(HttpServletRequest request, long size, SpooledBody spooled, byte[] held, boolean decodeWhileRead) {
            super(request);
            this.size = held == null ? size : held.length;
            this.spooled = spooled;
            this.decodeWhileRead = decodeWhileRead;
            this.held = held != null || spooled == null ? held : spooled.held();
        }

        @Override
        public long getContentLengthLong() {
            return size;
        }

        // Read from here on, a compressed body is inflated already: nothing after admission may inflate it again.
        @Override
        public String getHeader(String name) {
            return "Content-Encoding".equalsIgnoreCase(name) ? null : super.getHeader(name);
        }

        @Override
        public java.util.Enumeration<String> getHeaders(String name) {
            return "Content-Encoding".equalsIgnoreCase(name) ? java.util.Collections.emptyEnumeration()
                    : super.getHeaders(name);
        }

        @Override
        public java.util.Enumeration<String> getHeaderNames() {
            return java.util.Collections.enumeration(java.util.Collections.list(super.getHeaderNames()).stream()
                    .filter(header -> !"Content-Encoding".equalsIgnoreCase(header)).toList());
        }

        @Override
        public int getContentLength() {
            return size > Integer.MAX_VALUE ? -1 : (int) size;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (reader != null) {
                throw new IllegalStateException("getReader() was called already");
            }
            if (stream == null) {
                stream = open();
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            if (stream != null) {
                throw new IllegalStateException("getInputStream() was called already");
            }
            if (reader == null) {
                String encoding = getCharacterEncoding();
                Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
                reader = new BufferedReader(new InputStreamReader(open(), charset));
            }
            return reader;
        }

        byte[] sha256() throws IOException {
            if (stream != null || reader != null) {
                throw new IllegalStateException("The body was read before it was hashed");
            }
            if (held == null && spooled == null) {
                // Not spooled, so at most LARGE_BODY bytes (nearly always at most SMALL_BODY): kept for the operation.
                // The container's stream is not closed: it is the container's.
                held = open().readAllBytes();
            }
            if (held != null) {
                return IdempotentRequests.sha256(held);
            }
            MessageDigest digest = IdempotentRequests.digest();
            try (InputStream in = spooled.open()) {
                byte[] buffer = new byte[64 * 1024];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    digest.update(buffer, 0, n);
                }
            }
            return digest.digest();
        }

        private ServletInputStream open() throws IOException {
            InputStream in = held != null ? new ByteArrayInputStream(held)
                    : spooled == null ? super.getInputStream() : spooled.open();
            return new CappedServletInput(in, maxBytes, tooLarge());
        }

        /** Closes a spooled file's stream so that the file can go; the container's own stream stays its own. */
        void close() throws IOException {
            if (spooled != null && reader != null) {
                reader.close();
            } else if (spooled != null && stream != null) {
                stream.close();
            }
        }
    }
}
