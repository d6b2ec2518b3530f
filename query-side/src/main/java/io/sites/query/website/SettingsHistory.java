package io.sites.query.website;

import io.sites.api.event.WebsiteSettingsChanged;
import java.util.Map;

/**
 * A settings change's details in the history: {@code changed} lists the fields it set, and each set field's new
 * value follows under its own name, left out when it was cleared (so "changed" with no value reads "cleared").
 */
final class SettingsHistory {
    private SettingsHistory() {
    }

    static void details(WebsiteSettingsChanged event, Map<String, Object> details) {
        details.put("changed", event.changed());
        for (String field : event.changed()) {
            Object value = switch (field) {
                case WebsiteSettingsChanged.NAME -> event.name();
                case WebsiteSettingsChanged.DESCRIPTION -> event.description();
                case WebsiteSettingsChanged.CATEGORY -> event.category() == null ? null : event.category().wire();
                case WebsiteSettingsChanged.RETAIN_VERSIONS -> event.retainVersions();
                case WebsiteSettingsChanged.EXPIRES_AT -> event.expiresAt() == null ? null
                        : event.expiresAt().toString();
                default -> null;
            };
            if (value != null) {
                details.put(field, value);
            }
        }
    }
}
