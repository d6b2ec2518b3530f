package io.sites.bundle;

import io.sites.api.Violation;
import io.sites.api.Warning;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The bundle broke at least one rule; {@link #violations()} lists every one of them, in a stable order, and
 * {@link #warnings()} what a dry run would also report about the files whose paths are valid.
 */
public final class BundleInvalidException extends RuntimeException {

    private final List<Violation> violations;
    private final List<Warning> warnings;

    public BundleInvalidException(List<Violation> violations) {
        this(violations, List.of());
    }

    public BundleInvalidException(List<Violation> violations, List<Warning> warnings) {
        super(summary(violations));
        if (violations.isEmpty()) {
            throw new IllegalArgumentException("a rejected bundle has at least one violation");
        }
        this.violations = List.copyOf(violations);
        this.warnings = List.copyOf(warnings);
    }

    public List<Violation> violations() {
        return violations;
    }

    public List<Warning> warnings() {
        return warnings;
    }

    private static String summary(List<Violation> violations) {
        String shown = violations.stream()
                .limit(10)
                .map(v -> v.path() == null ? v.code() : v.code() + " (" + v.path() + ")")
                .collect(Collectors.joining(", "));
        int more = violations.size() - 10;
        return "Bundle breaks " + violations.size() + " rule(s): " + shown + (more > 0 ? " and " + more + " more" : "");
    }
}
