package io.sites.api.json;

import java.util.List;

/**
 * uploadFiles: files sent ahead of a publish, each a PublishFile with its content inline (text, or base64), so a
 * site larger than one request body goes as several batches and then one publish that names every file by digest.
 */
public record UploadFilesRequest(List<PublishFile> files) {
}
