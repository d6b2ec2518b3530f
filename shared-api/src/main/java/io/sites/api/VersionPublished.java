package io.sites.api;

import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A version was stored. The manifest travels inline so that the history alone can rebuild every read model and
 * audit any version without touching the blob store; so do the warnings the bundle was published with (broken
 * links), which the job shows.
 *
 * <p>{@code warnings} came after revision 1 was stored and is optional within it: an event stored without the field
 * reads back with none, so no upcaster is needed (an added field with an empty default changes nothing an older
 * event says).
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
        List<ManifestEntry> files,
        List<Warning> warnings) {

    public VersionPublished {
        files = List.copyOf(files);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A version published without warnings. */
    public VersionPublished(WebsiteId websiteId, JobId jobId, int version, VersionKind kind, String message,
            boolean promote, AccountId publishedBy, List<ManifestEntry> files) {
        this(websiteId, jobId, version, kind, message, promote, publishedBy, files, List.of());
    }

    public long totalBytes() {
        return files.stream().mapToLong(ManifestEntry::size).sum();
    }
}
