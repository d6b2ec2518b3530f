package io.sites.command.publish;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.bundle.Bundle;
import io.sites.bundle.BundleFile;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.remote.BlobsGoneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a publish does when the collector removed one of its blobs before its event committed: which files it can
 * write again (their bytes are in the bundle), and the answer when it cannot (a file named by digest, upload or
 * fetch whose blob went: UNKNOWN_DIGEST, so the client sends those bytes again).
 */
final class BlobLoss {
    private BlobLoss() {
    }

    /** Whether every blob that went is one this bundle holds the bytes of. */
    static boolean restorable(Bundle bundle, BlobsGoneException gone) {
        return bundle.files().stream().filter(file -> file.stored() != null)
                .noneMatch(file -> gone.digests().contains(file.stored().sha256()));
    }

    static RequestInvalidException unknownDigests(Bundle bundle, BlobsGoneException gone) {
        List<Violation> violations = new ArrayList<>();
        for (BundleFile file : bundle.files()) {
            String sha = file.stored() != null ? file.stored().sha256() : null;
            if (sha != null && gone.digests().contains(sha)) {
                violations.add(Violation.of(ViolationCode.UNKNOWN_DIGEST, file.path(), "File \"" + file.path()
                        + "\" names sha256 " + sha + ", whose bytes were collected while this publish ran.",
                        "Send this file's bytes (content, uploadKey or sourceUrl) again."));
            }
        }
        if (violations.isEmpty()) {
            // Bytes in hand lost three times in a row: a collector running with no grace at all.
            throw new IllegalStateException("Blobs collected during every attempt to store them", gone);
        }
        return new RequestInvalidException(Map.of(), violations);
    }
}
