package io.sites.api.json;

import java.util.List;

/** createWebsite. Category stays text so that an unknown value can be answered with a 422 naming the field. */
public record PublishWebsiteRequest(
        String name,
        String category,
        String description,
        String slug,
        List<PublishFile> files) {
}
