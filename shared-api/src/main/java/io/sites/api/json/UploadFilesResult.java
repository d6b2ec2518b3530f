package io.sites.api.json;

import java.util.List;

/**
 * uploadFiles: each file as stored, in the order sent, which a publish by the same account may now name by its
 * digest; {@code bytes} is their sum.
 */
public record UploadFilesResult(List<StoredFile> files, long bytes) {

    /** A file of the batch: its normalised path, the type it was checked as, its size and SHA-256 digest. */
    public record StoredFile(String path, String contentType, long size, String sha256) {
    }
}
