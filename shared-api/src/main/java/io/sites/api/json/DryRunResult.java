package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * The 200 of a publish with {@code dryRun=true} (an extension of interface 1.0.0): whether the publish would be
 * accepted, with every violation and warning it would report (both always present, empty when none), and the
 * bundle's file count and bytes.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DryRunResult(boolean valid, List<Violation> violations, List<Warning> warnings, int files, long bytes) {
}
