package io.sites.query.website;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.event.BandwidthNoticed;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.DraftCreated;
import io.sites.api.event.ExpiryWarned;
import io.sites.api.query.HistoryView;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteSettingsChanged;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.eventhandling.DomainEventMessage;

/**
 * The one place where a website's events become history entries: each event type's name in the history
 * ({@code version.published}), the version it concerns and its details. A new event type of the website gets its
 * line here; an event this does not know (none yet) is left out of the history rather than failing it. Public because
 * whatever shows a website's events outside getHistory (webhooks, the live feed) shows these same entries.
 */
public final class HistoryEntries {
    /**
     * Every type an entry can have, in the order of the switch below: the one vocabulary of event types that the
     * history, webhooks and the live feed share (HistoryEntriesTest holds this list to the entries made).
     */
    public static final List<String> TYPES = List.of("website.created", "version.published", "version.promoted",
            "password.set", "password.cleared", "collaborator.added", "collaborator.removed", "settings.changed",
            "versions.pruned", "draft.created", "draft.claimed", "quota.bandwidth", "website.expiring",
            "website.deleted", "domain.added", "domain.verified", "domain.verification_failed", "domain.preferred",
            "domain.removed");

    private HistoryEntries() {
    }

    public static Optional<HistoryView.Entry> of(DomainEventMessage<?> message) {
        Map<String, Object> details = new LinkedHashMap<>();
        Entry entry = switch (message.getPayload()) {
            case WebsiteCreated e -> {
                details.put("name", e.name());
                put(details, "slug", e.slug());
                details.put("category", e.category().wire());
                yield new Entry("website.created", e.actor(), null, null);
            }
            case VersionPublished e -> {
                details.put("kind", e.kind().wire());
                put(details, "message", e.message());
                details.put("files", e.files().size());
                details.put("bytes", e.totalBytes());
                details.put("promote", e.promote());
                details.put("jobId", e.jobId().value());
                yield new Entry("version.published", e.actor(), e.version(), null);
            }
            case VersionPromoted e -> {
                details.put("previousVersion", e.previousVersion());
                yield new Entry("version.promoted", e.actor(), e.version(), null);
            }
            case SitePasswordSet e -> new Entry("password.set", e.actor(), null, null);
            case SitePasswordCleared e -> new Entry("password.cleared", e.actor(), null, null);
            case CollaboratorAdded e -> new Entry("collaborator.added", e.actor(), null, e.collaborator());
            case CollaboratorRemoved e -> new Entry("collaborator.removed", e.actor(), null, e.collaborator());
            case WebsiteSettingsChanged e -> {
                SettingsHistory.details(e, details);
                yield new Entry("settings.changed", e.actor(), null, null);
            }
            case VersionsPruned e -> {
                details.put("versions", e.versions());
                yield new Entry("versions.pruned", e.actor(), null, null);
            }
            case DraftCreated e -> {
                details.put("expiresAt", e.expiresAt().toString());
                yield new Entry("draft.created", e.actor(), null, null);
            }
            case DraftClaimed e -> new Entry("draft.claimed", e.actor(), null, e.previousOwner());

            case BandwidthNoticed e -> {
                details.put("month", e.month());
                details.put("percent", e.threshold());
                details.put("bytesSent", e.bytesSent());
                details.put("quotaBytes", e.quotaBytes());
                details.put("paused", e.threshold() >= 100);
                yield new Entry("quota.bandwidth", e.actor(), null, null);
            }
            case ExpiryWarned e -> {
                details.put("expiresAt", e.expiresAt().toString());
                yield new Entry("website.expiring", e.actor(), null, null);
            }
            case WebsiteDeleted e -> {
                put(details, "slug", e.slug());
                yield new Entry("website.deleted", e.actor(), null, null);
            }
            default -> DomainHistory.entry(message.getPayload(), details);
        };
        return Optional.ofNullable(entry).map(known -> new HistoryView.Entry(message.getSequenceNumber(),
                known.type(), message.getTimestamp(), known.actor(), known.version(), known.subject(), details));
    }

    /** Absent rather than null: a detail the event does not have is left out. */
    private static void put(Map<String, Object> details, String name, Object value) {
        if (value != null) {
            details.put(name, value);
        }
    }

    record Entry(String type, Actor actor, Integer version, AccountId subject) {
    }
}
