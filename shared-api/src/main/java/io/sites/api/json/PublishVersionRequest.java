package io.sites.api.json;

import java.util.List;

/** createWebsiteVersion: the complete replacement bundle. promote defaults to true. */
public record PublishVersionRequest(List<PublishFile> files, String message, Boolean promote) {
}
