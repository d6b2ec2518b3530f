package io.sites.command.publish;

import io.sites.api.id.JobId;
import io.sites.api.code.Warning;
import io.sites.api.id.WebsiteId;
import java.util.List;

/** A version stored (and live when current), and the warnings its bundle was published with. */
public record PublishedVersion(WebsiteId websiteId, JobId jobId, int version, boolean current, String slug,
        long bytesWritten, List<Warning> warnings) {
}
