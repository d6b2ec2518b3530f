package io.sites.command.limits;

import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import java.util.List;
import java.util.Map;

/**
 * A publish request that cannot be carried out: field errors (name, category, slug, …) and bundle violations,
 * all of them at once so the client can repair everything in one go, and the bundle's warnings (broken links)
 * beside its violations.
 */
public class RequestInvalidException extends RuntimeException {
    private final Map<String, String> fields;
    private final List<Violation> violations;
    private final List<Warning> warnings;

    public RequestInvalidException(Map<String, String> fields, List<Violation> violations) {
        this(fields, violations, List.of());
    }

    public RequestInvalidException(Map<String, String> fields, List<Violation> violations, List<Warning> warnings) {
        super(violations.isEmpty()
                ? "The request has invalid fields: " + String.join(", ", fields.keySet()) + "."
                : "The bundle breaks " + violations.size() + " authoring rule" + (violations.size() == 1 ? "" : "s")
                        + (fields.isEmpty() ? "" : " and the request has invalid fields") + ".");
        this.fields = Map.copyOf(fields);
        this.violations = List.copyOf(violations);
        this.warnings = List.copyOf(warnings);
    }

    public List<Warning> warnings() {
        return warnings;
    }

    public Map<String, String> fields() {
        return fields;
    }

    public List<Violation> violations() {
        return violations;
    }
}
