package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One file of a bundle as a client sends it: exactly one of content, sourceUrl or uploadKey. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PublishFile(
        String path,
        String content,
        String contentEncoding,
        String contentType,
        String sourceUrl,
        String uploadKey) {

    public static PublishFile text(String path, String content) {
        return new PublishFile(path, content, null, null, null, null);
    }

    public static PublishFile base64(String path, String base64) {
        return new PublishFile(path, base64, "base64", null, null, null);
    }
}
