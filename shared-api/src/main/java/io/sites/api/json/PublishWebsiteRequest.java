package io.sites.api.json;

import java.util.List;

/**
 * createWebsite. Category stays text so that an unknown value can be answered with a 422 naming the field.
 * {@code message} is an extension: version 1's changelog entry, as createWebsiteVersion's; so is
 * {@code retainVersions}, the website's retention setting (see updateWebsite), null for none.
 */
public record PublishWebsiteRequest(
        String name,
        String category,
        String description,
        String slug,
        List<PublishFile> files,
        String message,
        Integer retainVersions) {

    /** The interface's shape, without a message. */
    public PublishWebsiteRequest(String name, String category, String description, String slug,
            List<PublishFile> files) {
        this(name, category, description, slug, files, null, null);
    }

    /** With a message, without a retention setting. */
    public PublishWebsiteRequest(String name, String category, String description, String slug,
            List<PublishFile> files, String message) {
        this(name, category, description, slug, files, message, null);
    }
}
