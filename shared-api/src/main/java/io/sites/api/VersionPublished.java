package io.sites.api;

import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A version was stored. The manifest travels inline so that the history alone can rebuild every read model and
 * audit any version without touching the blob store.
 */
@Revision("1")
public record VersionPublished(
        WebsiteId websiteId,
        JobId jobId,
        int version,
        VersionKind kind,
        String message,
        boolean promote,
        AccountId publishedBy,
        List<ManifestEntry> files) {

    public VersionPublished {
        files = List.copyOf(files);
    }

    public long totalBytes() {
        return files.stream().mapToLong(ManifestEntry::size).sum();
    }
}
