package io.sites.command.remote;

import java.util.Set;

/**
 * A publish (or upload) named blobs whose bytes a sweep has removed meanwhile: thrown inside the transaction that
 * would have referred to them, so nothing refers to them. Bytes the publish holds are stored again and the publish
 * tried once more; a digest it only named is UNKNOWN_DIGEST.
 */
public class BlobsGoneException extends RuntimeException {
    private final Set<String> digests;

    public BlobsGoneException(Set<String> digests) {
        super("Blobs collected meanwhile: " + digests.size(), null, false, false);
        this.digests = Set.copyOf(digests);
    }

    public Set<String> digests() {
        return digests;
    }
}
