package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One file of a bundle as a client sends it: exactly one of content, sourceUrl, uploadKey or sha256 (the digest of a
 * blob this account has already stored).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PublishFile(
        String path,
        String content,
        String contentEncoding,
        String contentType,
        String sourceUrl,
        String uploadKey,
        String sha256) {

    /** Without a digest: the shape of interface 1.0.0. */
    public PublishFile(String path, String content, String contentEncoding, String contentType, String sourceUrl,
            String uploadKey) {
        this(path, content, contentEncoding, contentType, sourceUrl, uploadKey, null);
    }

    public static PublishFile text(String path, String content) {
        return new PublishFile(path, content, null, null, null, null, null);
    }

    public static PublishFile base64(String path, String base64) {
        return new PublishFile(path, base64, "base64", null, null, null, null);
    }

    /** A file given by the SHA-256 of a blob this account has stored. */
    public static PublishFile digest(String path, String sha256) {
        return new PublishFile(path, null, null, null, null, null, sha256);
    }
}
