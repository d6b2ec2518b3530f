package io.sites.app.webhooks;

import io.sites.api.code.ErrorCode;
import io.sites.query.website.HistoryEntries;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The event types a webhook may ask for: the history's own ({@link HistoryEntries#TYPES}), "*" for all, and two
 * aliases for names the issue used that the history spells differently, stored as the history's name.
 */
final class WebhookTypes {
    static final String ALL = "*";
    /** Sent by POST …/webhooks/{id}/test only; never asked for. */
    static final String TEST = "webhook.test";
    static final Map<String, String> ALIASES = Map.of("domain.active", "domain.verified",
            "quota.warning", "quota.bandwidth");

    private WebhookTypes() {
    }

    /** The list as stored: the history's names, each once, or just "*"; WEBHOOK_INVALID naming an unknown one. */
    static List<String> validated(List<String> asked) {
        if (asked == null || asked.isEmpty()) {
            throw new WebhookRefusedException(ErrorCode.WEBHOOK_INVALID, "events is empty: name the event types to "
                    + "send (" + String.join(", ", HistoryEntries.TYPES) + ") or \"*\" for all.");
        }
        Set<String> types = new LinkedHashSet<>();
        for (String one : asked) {
            String type = one == null ? "" : ALIASES.getOrDefault(one.strip().toLowerCase(Locale.ROOT),
                    one.strip().toLowerCase(Locale.ROOT));
            if (type.equals(ALL) || type.equals("all")) {
                return List.of(ALL);
            }
            if (!HistoryEntries.TYPES.contains(type)) {
                // At most 64 characters of it echoed: the answer must not grow with what a tenant sends.
                String shown = one == null || one.length() <= 64 ? one : one.substring(0, 64) + "…";
                throw new WebhookRefusedException(ErrorCode.WEBHOOK_INVALID, "Unknown event type \"" + shown
                        + "\". Known: " + String.join(", ", HistoryEntries.TYPES) + ", or \"*\" for all.");
            }
            types.add(type);
        }
        return new ArrayList<>(types);
    }

    static boolean wants(List<String> types, String type) {
        return types.contains(ALL) || types.contains(type);
    }
}
