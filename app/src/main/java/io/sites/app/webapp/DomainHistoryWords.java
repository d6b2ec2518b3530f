package io.sites.app.webapp;

import io.sites.api.query.HistoryView;
import java.util.Map;

/** The custom domains' history entries in words, for {@link HistoryRows}. */
final class DomainHistoryWords {
    private DomainHistoryWords() {
    }

    static String title(HistoryView.Entry entry) {
        Map<String, Object> d = entry.details();
        Object host = d.get("hostname");
        boolean scheduled = Boolean.TRUE.equals(d.get("scheduled"));
        return switch (entry.type()) {
            case "domain.added" -> "Domain " + host + " added";
            case "domain.verified" -> scheduled ? "Domain " + host + " verified again by the periodic check"
                    : "Domain " + host + " verified";
            case "domain.verification_failed" -> Boolean.TRUE.equals(d.get("stopped"))
                    ? "Domain " + host + " no longer served: its record stayed away past the grace period"
                    : "Domain " + host + " not verified" + (scheduled ? " by the periodic check" : "");
            case "domain.removed" -> "Domain " + host + " removed";
            case "domain.preferred" -> "Domain " + host + " chosen to serve; the other name of its pair redirects";
            default -> entry.type();
        };
    }

    static String details(HistoryView.Entry entry) {
        Object reason = entry.details().get("reason");
        return reason == null ? "" : reason.toString();
    }
}
