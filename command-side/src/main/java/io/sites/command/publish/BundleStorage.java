package io.sites.command.publish;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.api.site.ManifestEntry;
import io.sites.bundle.Bundle;
import io.sites.bundle.BundleFile;
import io.sites.bundle.ContentKey;
import io.sites.bundle.rules.FileFindings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * Puts a checked bundle's bytes in the blob store, for a publish and for files sent ahead of one: what is held or
 * spilled is written, what an upload or fetch already streamed in is taken as it is.
 */
@Component
class BundleStorage {
    private static final int PARALLEL_BLOB_WRITES = 8;

    private final BlobStore blobs;

    BundleStorage(BlobStore blobs) {
        this.blobs = blobs;
    }

    /** Writes every file's bytes, in parallel but bounded, before any event can refer to them. */
    List<ManifestEntry> store(Bundle bundle) {
        List<BundleFile> files = bundle.files();
        Semaphore permits = new Semaphore(PARALLEL_BLOB_WRITES);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<BlobRef>> refs = new ArrayList<>(files.size());
            for (BundleFile file : files) {
                refs.add(pool.submit(() -> {
                    if (file.stored() != null) {
                        return file.stored(); // streamed into the store by its upload or fetch
                    }
                    permits.acquire();
                    try {
                        if (file.bytes() == null) {
                            try (InputStream spilled = Files.newInputStream(file.spilled().file())) {
                                return blobs.write(spilled); // decoded while read; streamed, never held
                            }
                        }
                        return blobs.write(file.bytes());
                    } finally {
                        permits.release();
                    }
                }));
            }
            List<ManifestEntry> manifest = new ArrayList<>(files.size());
            for (int i = 0; i < files.size(); i++) {
                BlobRef ref = refs.get(i).get();
                manifest.add(new ManifestEntry(files.get(i).path(), files.get(i).contentType(), ref.size(),
                        ref.sha256()));
            }
            return manifest;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while storing the bundle", interrupted);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof IOException io) {
                throw new UncheckedIOException("Could not store the bundle's files", io);
            }
            throw new IllegalStateException("Could not store the bundle's files", cause);
        }
    }

    /** The findings of the files the bundle's check read, by content once stored, to be kept for the account. */
    static Map<ContentKey, FileFindings> checkedByContent(Bundle bundle, List<ManifestEntry> stored) {
        Map<ContentKey, FileFindings> checked = new HashMap<>();
        for (Bundle.Checked c : bundle.checked()) {
            ManifestEntry file = stored.get(c.file());
            checked.put(new ContentKey(file.sha256(), file.path(), c.essence()), c.findings());
        }
        return checked;
    }
}
