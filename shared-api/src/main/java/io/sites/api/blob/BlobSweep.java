package io.sites.api.blob;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * What the blob collector needs of a store beyond {@link BlobStore}: every digest it holds, and removing one. Kept
 * apart from the serving port so nothing that reads or writes blobs for a request can delete one; only the collector
 * (one at a time in a fleet, under its lease) is given this.
 */
public interface BlobSweep {

    /** Hands every stored digest to {@code each}, streamed (a bucket of millions is never held in memory). */
    void forEachDigest(Consumer<String> each) throws IOException;

    /** Removes the blob; false if there was none. Removing a missing blob is no error (a crashed sweep retried). */
    boolean delete(String sha256) throws IOException;
}
