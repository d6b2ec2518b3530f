package io.sites.query.website;

import io.sites.api.event.DomainAdded;
import io.sites.api.event.DomainPreferred;
import io.sites.api.event.DomainRemoved;
import io.sites.api.event.DomainVerificationFailed;
import io.sites.api.event.DomainVerified;
import java.util.Map;

/** The custom domains' lines of a website's history, beside {@link HistoryEntries} so domains change one file. */
final class DomainHistory {
    private DomainHistory() {
    }

    /** The entry of a domain event, its details put into {@code details}; null for any other event. */
    static HistoryEntries.Entry entry(Object event, Map<String, Object> details) {
        return switch (event) {
            case DomainAdded e -> {
                details.put("hostname", e.hostname());
                yield new HistoryEntries.Entry("domain.added", e.actor(), null, null);
            }
            case DomainVerified e -> {
                details.put("hostname", e.hostname());
                details.put("scheduled", e.scheduled());
                yield new HistoryEntries.Entry("domain.verified", e.actor(), null, null);
            }
            case DomainVerificationFailed e -> {
                details.put("hostname", e.hostname());
                if (e.reason() != null) {
                    details.put("reason", e.reason());
                }
                details.put("stopped", e.stopped());
                details.put("scheduled", e.scheduled());
                yield new HistoryEntries.Entry("domain.verification_failed", e.actor(), null, null);
            }
            case DomainPreferred e -> {
                details.put("hostname", e.hostname());
                yield new HistoryEntries.Entry("domain.preferred", e.actor(), null, null);
            }
            case DomainRemoved e -> {
                details.put("hostname", e.hostname());
                yield new HistoryEntries.Entry("domain.removed", e.actor(), null, null);
            }
            default -> null;
        };
    }
}
