package io.sites.command.publish;

import io.sites.api.JobId;
import io.sites.api.Warning;
import io.sites.api.WebsiteId;
import java.util.List;

/** A version stored (and live when current), and the warnings its bundle was published with. */
public record PublishedVersion(WebsiteId websiteId, JobId jobId, int version, boolean current, String slug,
        long bytesWritten, List<Warning> warnings) {
}
