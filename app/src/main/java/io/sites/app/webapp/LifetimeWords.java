package io.sites.app.webapp;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The history's words for a settings change and for versions removed by retention. */
final class LifetimeWords {
    private LifetimeWords() {
    }

    /** "versions kept: 3; expiry: 2026-12-01 12:00 UTC; name: Bakery", a cleared field as "none" or "never". */
    static String settings(Map<String, Object> details, Times times) {
        List<String> parts = new ArrayList<>();
        if (details.get("changed") instanceof List<?> changed) {
            for (Object field : changed) {
                Object value = details.get(String.valueOf(field));
                parts.add(switch (String.valueOf(field)) {
                    case "retainVersions" -> "versions kept: " + (value == null ? "all" : value);
                    case "expiresAt" -> "expiry: " + (value == null ? "never" : times.format(Instant.parse(
                            value.toString())));
                    case "description" -> "description " + (value == null ? "cleared" : "changed");
                    default -> field + ": " + value;
                });
            }
        }
        return String.join("; ", parts);
    }

    /** "versions 1, 2 and 3". */
    static String pruned(Map<String, Object> details) {
        if (!(details.get("versions") instanceof List<?> versions) || versions.isEmpty()) {
            return "";
        }
        List<String> numbers = versions.stream().map(String::valueOf).toList();
        return (numbers.size() == 1 ? "version " : "versions ") + (numbers.size() == 1 ? numbers.getFirst()
                : String.join(", ", numbers.subList(0, numbers.size() - 1)) + " and " + numbers.getLast());
    }
}
