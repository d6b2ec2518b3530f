package io.sites.site.serving;

import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The site server's answer, decided once and written by whichever HTTP stack received the request: a status,
 * headers, and a body that is either bytes in memory or a span of a blob to stream from the store.
 */
public final class SiteResponse {
    int status = 200;
    /**
     * Header names and values, alternating; names are unique. Null until the first header, and for a whole file
     * (its headers are a function of its {@link #headKey}): a stack that reuses encoded heads never builds them.
     */
    private List<String> headers;
    long contentLength;
    /** The body in memory: this response's own view (position 0, limit = length) of a shared buffer. */
    ByteBuffer body;
    /** The body as a span of the blob's open file, leased to this response: {@link #fileOffset}, the length. */
    BlobFile file;
    long fileOffset;
    /** A file too large to hold in memory, sent from the blob store: {@link #streamOffset}, {@link #contentLength}. */
    ManifestEntry stream;
    long streamOffset;
    /** HEAD: the headers of the GET, no body. */
    boolean head;
    /**
     * Set when the status and headers are a pure function of this key (a whole file, a service page), so an HTTP
     * stack may encode them once and reuse the bytes; null when they depend on the request (ranges, challenges).
     */
    HeadKey headKey;
    /** A site behind a password: every answer stays out of shared caches (SiteHeaders.PRIVATE_CACHE_CONTROL). */
    boolean isPrivate;
    /** The website answering, counted in its usage; null when the host names none (a 404 of no site, a 410). */
    WebsiteId website;
    /** Headers the site's {@code _headers} adds for this path (name, value alternating), or null: most sites. */
    List<String> ruleHeaders;
    /** A public file's Cache-Control for a shared cache in front ({@link SharedCache}), or null for the default. */
    String sharedControl;
    /** A public answer's cache tags, space-separated ({@link SharedCache}), or null: none sent. */
    String tags;

    record HeadKey(String sha256, String contentType, String lastModified, SiteFiles.Coding coding, int status,
            boolean isPrivate, long length, List<String> ruleHeaders, String sharedControl, String tags) {

        HeadKey(String sha256, String contentType, String lastModified, SiteFiles.Coding coding, int status,
                boolean isPrivate, long length, List<String> ruleHeaders) {
            this(sha256, contentType, lastModified, coding, status, isPrivate, length, ruleHeaders, null, null);
        }
    }

    public int status() {
        return status;
    }

    /** The body's length (of a range: the range's), as Content-Length says it. */
    public long contentLength() {
        return contentLength;
    }

    /** The body in memory, or null when it is a span of a file or comes from the store. */
    public ByteBuffer body() {
        return body;
    }

    /** Whether the body comes from the blob store in chunks (a file too large to hold): off the event loop. */
    public boolean fromStore() {
        return stream != null;
    }

    /**
     * The leased span of the blob's file as a stream, or null when the body is not one; closing it gives the lease
     * back, so take it at once.
     */
    public InputStream leasedSpan() {
        return file != null ? file.stream(fileOffset, contentLength) : null;
    }

    /** The body read from the blob store ({@link #fromStore()}), positioned at its first byte. */
    public InputStream storedBody(SiteFiles files) throws IOException {
        InputStream in = files.open(stream);
        try {
            in.skipNBytes(streamOffset);
            return in;
        } catch (IOException | RuntimeException failed) {
            in.close();
            throw failed;
        }
    }

    /** The headers, built from the {@link #headKey} of a whole file when they were left to it. */
    public List<String> headers() {
        if (headers == null) {
            start();
            if (headKey != null && headKey.sha256() != null) {
                SiteHeaders.fileHeaders(headKey, this);
            }
        }
        return headers;
    }

    /** Every answer's list begins with the headers every site answer carries. */
    private void start() {
        headers = new ArrayList<>(24);
        SiteResponder.securityHeaders(this);
    }

    /** Sets a header the response may already have, in its place. */
    void replace(String name, String value) {
        List<String> headers = headers();
        for (int i = 0; i < headers.size(); i += 2) {
            if (headers.get(i).equalsIgnoreCase(name)) {
                headers.set(i + 1, value);
                return;
            }
        }
        header(name, value);
    }

    void header(String name, String value) {
        if (headers == null) {
            start();
        }
        headers.add(name);
        headers.add(value);
    }

    void body(ByteBuffer whole, int offset, int length) {
        body = whole.slice(offset, length);
        contentLength = length;
    }

    void file(BlobFile leased, long offset, long length) {
        file = leased;
        fileOffset = offset;
        contentLength = length;
    }

    public boolean hasBody() {
        return !head && contentLength > 0 && (body != null || file != null || stream != null);
    }
}
