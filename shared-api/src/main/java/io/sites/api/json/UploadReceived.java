package io.sites.api.json;

/** Answer of the PUT to a putUrl: the bytes are stored under the slot; a later PUT replaces them. */
public record UploadReceived(String uploadKey, String path, long size, String sha256) {
}
