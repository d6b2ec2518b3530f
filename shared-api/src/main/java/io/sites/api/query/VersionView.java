package io.sites.api.query;

import io.sites.api.JobStatus;
import io.sites.api.VersionKind;
import io.sites.api.id.JobId;
import java.time.Instant;
import java.util.List;

/** A stored version (its id is its job's id); message may be null. */
public record VersionView(JobId jobId, int version, VersionKind kind, JobStatus status, String message, boolean current,
        long totalBytes, Instant createdAt, List<VersionFileView> files) {
    public VersionView {
        files = List.copyOf(files);
    }

    /** One file of a version: its path in the bundle, media type and size in bytes. */
    public record VersionFileView(String path, String contentType, long size) {
    }
}
