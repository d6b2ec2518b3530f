package io.sites.command.publish;

import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import java.util.List;

/**
 * What a dry run found: whether the publish would be accepted, every violation and warning it would report, and the
 * bundle's size.
 *
 * @param files the files of the bundle (for a refused bundle, the file objects sent)
 * @param bytes the bytes the bundle would store (for a refused bundle, those of the files that could be read)
 */
public record BundleCheck(boolean valid, List<Violation> violations, List<Warning> warnings, int files, long bytes) {

    public BundleCheck {
        violations = List.copyOf(violations);
        warnings = List.copyOf(warnings);
    }

    static BundleCheck valid(List<Warning> warnings, int files, long bytes) {
        return new BundleCheck(true, List.of(), warnings, files, bytes);
    }

    static BundleCheck invalid(List<Violation> violations, List<Warning> warnings, int files, long bytes) {
        return new BundleCheck(false, violations, warnings, files, bytes);
    }
}
