package io.sites.api.event;

import io.sites.api.VersionKind;
import io.sites.api.code.Warning;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * A version was stored. The manifest travels inline so that the history alone can rebuild every read model and
 * audit any version without touching the blob store; so do the warnings the bundle was published with (broken
 * links), which the job shows.
 *
 * <p>{@code warnings} is optional in every revision: an event stored without the field (revision 1, which
 * ActorUpcaster reads as revision 2, or revision 2 from a bundle without warnings) reads back with none, and an
 * event without warnings is stored without the field, so no upcaster is needed for it (an added field with an empty
 * default changes nothing an older event says).
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
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings,
        Actor actor) {

    public VersionPublished {
        Actor.requireAccount(actor, publishedBy);
        files = List.copyOf(files);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** The old shape: no warnings, and an account whose door is not recorded (tests, fixtures). */
    public VersionPublished(WebsiteId websiteId, JobId jobId, int version, VersionKind kind, String message,
            boolean promote, AccountId publishedBy, List<ManifestEntry> files) {
        this(websiteId, jobId, version, kind, message, promote, publishedBy, files, List.of(),
                Actor.unrecorded(publishedBy));
    }

    public long totalBytes() {
        return files.stream().mapToLong(ManifestEntry::size).sum();
    }
}
