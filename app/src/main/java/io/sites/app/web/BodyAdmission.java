package io.sites.app.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Lets a JSON request body (REST /v1, MCP /mcp) be read only within the request cap and the process-wide
 * {@link MemoryBudget}: a declared length is checked and reserved before a byte is read; a chunked body is first
 * spooled to a temporary file under the cap, then reserved by its size. No memory in time: 503 SERVER_BUSY with
 * Retry-After. The reservation is given back and the spooled file deleted when the request ends, however it ends.
 * Upload PUTs are not here: they stream to the blob store and hold only a buffer.
 */
@Component
public class BodyAdmission {
    /**
     * Heap a REST body takes per byte while Jackson binds it: a long JSON string is gathered as char[] segments (2
     * bytes a character), copied into a builder and then into the String (1 byte each for base64 and ASCII), and
     * decoded to bytes (3/4) while the String is still held.
     */
    public static final int REST_HEAP_PER_BYTE = 4;
    /**
     * Heap an MCP body takes per byte: the SDK reads the whole body into a growing byte array and a String, which are
     * still held while Jackson parses it as a REST body is parsed.
     */
    public static final int MCP_HEAP_PER_BYTE = 5;
    /** Small bodies, nearly every request, skip the budget: even all request threads at once hold little. */
    static final long SMALL_BODY = 16 * 1024;
    /** The default budget, when none is configured: this share of the maximum heap (see docs/DECISIONS.md). */
    static final double DEFAULT_HEAP_SHARE = 0.5;

    private static final String LARGE_FILES = "Send large files through upload slots (POST /v1/uploads) or by "
            + "sourceUrl instead of inline content.";

    private final long maxBytes;
    private final MemoryBudget budget;
    private final Path spool;

    BodyAdmission(@Value("${sites.limits.request-bytes}") long maxBytes,
            @Value("${sites.limits.body-memory-bytes:0}") long memoryBytes,
            @Value("${sites.limits.body-memory-wait:5s}") Duration wait,
            @Value("${sites.data-dir}") Path dataDir) throws IOException {
        this.maxBytes = maxBytes;
        this.budget = new MemoryBudget(memoryBytes > 0 ? memoryBytes
                : (long) (Runtime.getRuntime().maxMemory() * DEFAULT_HEAP_SHARE), wait);
        this.spool = dataDir.resolve("tmp").resolve("bodies");
        Files.createDirectories(spool);
        // Files left here belong to requests of a process that is gone.
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(spool)) {
            for (Path leftover : leftovers) {
                Files.deleteIfExists(leftover);
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

    /**
     * Runs {@code next} once the body is within the cap and its memory is reserved, else answers through
     * {@code refusal}. {@code heapPerByte} is what the reader of this body holds per byte of it.
     */
    public void admit(HttpServletRequest request, int heapPerByte, Refusal refusal, Admitted next)
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
        Path spooled = null;
        try {
            long size = declared;
            if (chunked) {
                spooled = Files.createTempFile(spool, "body-", ".json");
                try (OutputStream out = Files.newOutputStream(spooled)) {
                    // Not closed: the container owns the request's stream.
                    size = new CappedInput(request.getInputStream(), maxBytes, tooLarge()).transferTo(out);
                } catch (PayloadTooLargeException refused) {
                    refusal.refuse(ApiErrors.of(refused));
                    return;
                }
            }
            long cost = size * heapPerByte;
            if (size <= SMALL_BODY) {
                proceed(next, new Body(request, size, spooled));
                return;
            }
            if (!budget.fits(cost)) {
                refusal.refuse(ApiErrors.of(new PayloadTooLargeException("The request body (" + size + " bytes) is "
                        + "more than this server can take in at once. " + LARGE_FILES)));
                return;
            }
            try (MemoryBudget.Reservation reserved = budget.reserve(cost)) {
                if (reserved == null) {
                    refusal.refuse(ApiErrors.of(busy()));
                    return;
                }
                proceed(next, new Body(request, size, spooled));
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            refusal.refuse(ApiErrors.of(busy()));
        } finally {
            if (spooled != null) {
                Files.deleteIfExists(spooled);
            }
        }
    }

    private static void proceed(Admitted next, Body body) throws IOException, ServletException {
        try {
            next.proceed(body);
        } finally {
            body.close();
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

    /** The admitted body: read from the client within the cap, or from its spooled file. */
    private final class Body extends HttpServletRequestWrapper {
        private final long size;
        private final Path spooled;
        private ServletInputStream stream;
        private BufferedReader reader;

        Body(HttpServletRequest request, long size, Path spooled) {
            super(request);
            this.size = size;
            this.spooled = spooled;
        }

        @Override
        public long getContentLengthLong() {
            return size;
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
                InputStream in = spooled == null ? super.getInputStream() : Files.newInputStream(spooled);
                stream = new CappedInput(in, maxBytes, tooLarge());
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            if (reader == null) {
                if (stream != null) {
                    throw new IllegalStateException("getInputStream() was called already");
                }
                String encoding = getCharacterEncoding();
                Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
                reader = new BufferedReader(new InputStreamReader(getInputStream(), charset));
                stream = null;
            }
            return reader;
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
