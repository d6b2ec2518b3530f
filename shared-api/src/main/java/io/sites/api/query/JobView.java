package io.sites.api.query;

import io.sites.api.JobStatus;
import io.sites.api.code.Warning;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;

/** A publish job as the read model knows it, with the warnings its bundle was published with. */
public record JobView(JobId jobId, WebsiteId websiteId, String slug, int version, JobStatus status, boolean live,
        Instant createdAt, List<Warning> warnings) {

    public JobView {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
