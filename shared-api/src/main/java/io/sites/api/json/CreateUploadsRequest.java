package io.sites.api.json;

import java.util.List;

/** createUploads: one entry per site path; contentType and size are optional. */
public record CreateUploadsRequest(List<File> files) {

    public record File(String path, String contentType, Long size) {
    }
}
