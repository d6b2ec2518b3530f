package io.sites.command.publish;

import io.sites.api.id.JobId;
import io.sites.api.code.Warning;
import io.sites.api.id.WebsiteId;
import java.util.List;

/** A website created with its first version, and the warnings its bundle was published with. */
public record PublishedWebsite(WebsiteId websiteId, JobId jobId, int version, String slug, long bytesWritten,
        List<Warning> warnings) {
}
