package io.sites.bundle;

import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The bundle broke at least one rule; {@link #violations()} lists every one of them, in a stable order, and
 * {@link #warnings()} what a dry run would also report about the files whose paths are valid.
 */
public final class BundleInvalidException extends RuntimeException {

    private final List<Violation> violations;
    private final List<Warning> warnings;
    private final long bytes;

    public BundleInvalidException(List<Violation> violations) {
        this(violations, List.of(), 0);
    }

    public BundleInvalidException(List<Violation> violations, List<Warning> warnings) {
        this(violations, warnings, 0);
    }

    /** @param bytes the size of the files that could be read, which a dry run reports */
    public BundleInvalidException(List<Violation> violations, List<Warning> warnings, long bytes) {
        super(summary(violations));
        if (violations.isEmpty()) {
            throw new IllegalArgumentException("a rejected bundle has at least one violation");
        }
        this.violations = List.copyOf(violations);
        this.warnings = List.copyOf(warnings);
        this.bytes = bytes;
    }

    /** The bytes of the files that could be read (decoded, fetched or uploaded), whatever else they broke. */
    public long bytes() {
        return bytes;
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
