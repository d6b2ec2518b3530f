package io.sites.site.serving;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The site port's response heads as bytes: status line and headers, encoded once for a response whose head is a
 * function of its {@link SiteResponse.HeadKey} (a whole file, a service page) and each time for the rest (ranges,
 * challenges); then per request the Date and Connection lines.
 */
public final class ResponseHeads {
    /** Room after the head for {@link #tail}: Date (37 bytes), Connection (at most 24), the blank line. */
    static final int TAIL_ROOM = 64;
    /** A request the decoder could not read; no site is named, so none of a site's headers apply. */
    public static final byte[] BAD_REQUEST = ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 12\r\nConnection: close\r\n\r\nBad request\n").getBytes(StandardCharsets.US_ASCII);
    public static final byte[] SERVER_ERROR = ("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n"
            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CONNECTION_CLOSE = "Connection: close\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION_KEEP_ALIVE = "Connection: keep-alive\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    /**
     * Bytes of heads kept, each counted twice (the encoded head and the rule headers its key holds): 10,000 heads of
     * a file without rules, or 256 at {@code _headers}' limit per path, and never more, however many sites ask.
     */
    static final long REMEMBERED_BYTES = 16L * 1024 * 1024;

    private final Map<Object, byte[]> encoded = new ConcurrentHashMap<>();
    private final AtomicLong rememberedBytes = new AtomicLong();
    private final long capacity;

    ResponseHeads() {
        this(REMEMBERED_BYTES);
    }

    ResponseHeads(long capacity) {
        this.capacity = capacity;
    }

    /**
     * A refusal's or service page's head as a key: the same headers, status and length give the same bytes. A flood
     * against a site past its ceiling, paused or missing a path is answered with one such head over and over, and
     * encoding it each time (a kilobyte of site headers, checked character by character) was half the replica's CPU
     * per refusal.
     */
    private record Refusal(int status, long length, List<String> headers) {
    }

    /** The status line and headers, Content-Length included; without Date, Connection and the blank line. */
    byte[] head(SiteResponse response) {
        Object key = response.headKey;
        if (key == null) {
            // Below 400 (redirects, ranges, 304s) a head carries what varies per request: not worth keeping.
            if (response.status < 400) {
                return encode(response);
            }
            key = new Refusal(response.status, response.contentLength, response.headers());
        }
        byte[] head = encoded.get(key);
        if (head == null) {
            head = encode(response);
            // The response's own list may still change hands; the key kept holds a copy of its own.
            key = key instanceof Refusal refusal ? new Refusal(refusal.status(), refusal.length(),
                    Collections.unmodifiableList(new ArrayList<>(refusal.headers()))) : key;
            long weight = 2L * head.length + 64;
            if (rememberedBytes.addAndGet(weight) > capacity) {
                // Heads are cheap to encode again: forget them all rather than track an order on the event loops.
                encoded.clear();
                rememberedBytes.set(weight);
            }
            encoded.put(key, head);
        }
        return head;
    }

    /** The bytes of the heads kept now, as counted against the capacity. */
    long rememberedBytes() {
        return rememberedBytes.get();
    }

    static byte[] encode(SiteResponse response) {
        StringBuilder head = new StringBuilder(768).append("HTTP/1.1 ")
                .append(HttpResponseStatus.valueOf(response.status)).append("\r\n");
        List<String> pairs = response.headers();
        for (int i = 0; i < pairs.size(); i += 2) {
            head.append(pairs.get(i)).append(": ").append(pairs.get(i + 1)).append("\r\n");
        }
        if (response.status != 304) {
            head.append("Content-Length: ").append(response.contentLength).append("\r\n");
        }
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            if (c > 0x7e || (c < 0x20 && c != '\r' && c != '\n') || (c == '\n' && head.charAt(i - 1) != '\r')) {
                throw new IllegalStateException("A response header is not printable ASCII");
            }
        }
        return head.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** What changes per request: the Date, and whether the connection stays open; then the blank line. */
    static void tail(ByteBuf out, HttpRequest request, boolean keepAlive) {
        out.writeBytes(Dates.line());
        if (!keepAlive) {
            out.writeBytes(CONNECTION_CLOSE);
        } else if (request.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
            out.writeBytes(CONNECTION_KEEP_ALIVE);
        }
        out.writeBytes(CRLF);
    }

    /** The Date header line, formatted once a second rather than once a request. */
    static final class Dates {
        private static final DateTimeFormatter FORMAT = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);
        private static volatile long second = -1;
        private static volatile byte[] line;

        private Dates() {
        }

        static byte[] line() {
            long current = System.currentTimeMillis() / 1000;
            byte[] now = line;
            if (current != second || now == null) {
                now = ("Date: " + FORMAT.format(Instant.ofEpochSecond(current)) + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII);
                line = now;
                second = current;
            }
            return now;
        }
    }
}
