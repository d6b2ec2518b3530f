package io.sites.command.limits;

import io.sites.api.Violation;
import java.util.List;
import java.util.Map;

/**
 * A publish request that cannot be carried out: field errors (name, category, slug, …) and bundle violations,
 * all of them at once so the client can repair everything in one go.
 */
public class RequestInvalidException extends RuntimeException {
    private final Map<String, String> fields;
    private final List<Violation> violations;

    public RequestInvalidException(Map<String, String> fields, List<Violation> violations) {
        super(violations.isEmpty()
                ? "The request has invalid fields: " + String.join(", ", fields.keySet()) + "."
                : "The bundle breaks " + violations.size() + " authoring rule" + (violations.size() == 1 ? "" : "s")
                        + (fields.isEmpty() ? "" : " and the request has invalid fields") + ".");
        this.fields = Map.copyOf(fields);
        this.violations = List.copyOf(violations);
    }

    public Map<String, String> fields() {
        return fields;
    }

    public List<Violation> violations() {
        return violations;
    }
}
