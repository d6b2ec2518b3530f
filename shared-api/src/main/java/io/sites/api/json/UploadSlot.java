package io.sites.api.json;

/** One allocated slot: PUT the bytes to putUrl with contentType, then publish the path with uploadKey. */
public record UploadSlot(String path, String uploadKey, String putUrl, String contentType, String expiresAt) {
}
