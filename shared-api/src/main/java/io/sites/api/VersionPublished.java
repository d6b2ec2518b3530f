package io.sites.api;

import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A version was stored. The manifest travels inline so that the history alone can rebuild every read model and
 * audit any version without touching the blob store.
 */
@Revision("2")
public record VersionPublished(
        WebsiteId websiteId,
        JobId jobId,
        int version,
        VersionKind kind,
        String message,
        boolean promote,
        AccountId publishedBy,
        List<ManifestEntry> files,
        Actor actor) {

    public VersionPublished {
        Actor.requireAccount(actor, publishedBy);
        files = List.copyOf(files);
    }

    /** The old shape, for an account whose door is not recorded (tests, fixtures). */
    public VersionPublished(WebsiteId websiteId, JobId jobId, int version, VersionKind kind, String message,
            boolean promote, AccountId publishedBy, List<ManifestEntry> files) {
        this(websiteId, jobId, version, kind, message, promote, publishedBy, files, Actor.unrecorded(publishedBy));
    }

    public long totalBytes() {
        return files.stream().mapToLong(ManifestEntry::size).sum();
    }
}
