package io.sites.command.publish;

import io.sites.api.blob.BlobRef;
import io.sites.api.id.AccountId;
import io.sites.api.site.ManifestEntry;
import io.sites.bundle.Bundle;
import io.sites.bundle.BundleInvalidException;
import io.sites.bundle.BundleReader;
import io.sites.bundle.FileInput;
import io.sites.command.limits.AccountRation;
import io.sites.command.limits.CommandLimits;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.StorageQuota;
import io.sites.command.remote.AccountBlobs;
import io.sites.command.remote.BlobsGoneException;
import io.sites.command.remote.FindingsByContent;
import io.sites.command.remote.StoredBlobs;
import io.sites.limits.RateWindows;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.TransactionException;

/**
 * uploadFiles: files sent ahead of a publish, for a site larger than one request body (a first publish of
 * 100,000 files, 600 MB, goes as a few batches and then one publish naming each file by digest). Each file is
 * checked as a bundle's file is ({@link BundleReader#readFiles}), the batch refused whole if any breaks a rule;
 * then stored, touched (the collector keeps an unpublished one through its grace period, as an upload slot's),
 * counted against the account's storage quota as a publish's new files are, recorded for the account (a publish of
 * its own may now name them) and their findings kept, so the publish that names them reads none back.
 */
@Service
public class FileBatches {
    private static final Logger log = LoggerFactory.getLogger(FileBatches.class);
    private static final int BLOB_RETRIES = 3;

    private final BundleReader reader;
    private final BundleStorage storage;
    private final StoredBlobs storedBlobs;
    private final AccountBlobs accountBlobs;
    private final StorageQuota storageQuota;
    private final FindingsByContent findings;
    private final AccountRation batches;

    FileBatches(BundleReader reader, BundleStorage storage, StoredBlobs storedBlobs, AccountBlobs accountBlobs,
            ObjectProvider<StorageQuota> storageQuota, FindingsByContent findings, RateWindows windows,
            CommandLimits limits) {
        this.reader = reader;
        this.storage = storage;
        this.storedBlobs = storedBlobs;
        this.accountBlobs = accountBlobs;
        this.storageQuota = storageQuota.getIfAvailable(StorageQuota::none);
        this.findings = findings;
        // Counted like dry runs, in a window of their own: a batch is at most a request body of bytes.
        this.batches = new AccountRation(windows, "file-batch", limits.dryRunsPerMinute(), "batches of files", "");
    }

    /** Stores the files for {@code caller}; the stored files in the order sent. */
    public List<ManifestEntry> store(AccountId caller, List<FileInput> files) {
        if (files == null || files.isEmpty()) {
            throw new RequestInvalidException(Map.of("files", "Required: at least one file, each with a path and"
                    + " its content."), List.of());
        }
        batches.take(caller);
        Bundle bundle;
        try {
            bundle = reader.readFiles(files);
        } catch (BundleInvalidException invalid) {
            throw new RequestInvalidException(Map.of(), invalid.violations());
        }
        List<ManifestEntry> stored;
        for (int attempt = 1; ; attempt++) {
            stored = storage.store(bundle);
            List<BlobRef> blobs = stored.stream().map(file -> new BlobRef(file.sha256(), file.size())).toList();
            // What the account has already (sent ahead before, or published) is counted where it was first.
            Map<String, Long> had = accountBlobs.findAll(caller, blobs.stream().map(BlobRef::sha256).toList());
            List<BlobRef> fresh = blobs.stream().filter(blob -> !had.containsKey(blob.sha256())).distinct().toList();
            storageQuota.checkSentAhead(caller, fresh);
            try {
                // Born now for the collector: kept through its grace period until a publish refers to them.
                storedBlobs.touch(blobs.stream().map(BlobRef::sha256).toList());
            } catch (BlobsGoneException collected) {
                // Collected between the write (which found the bytes stored) and the touch: we hold every byte.
                if (attempt < BLOB_RETRIES) {
                    continue;
                }
                throw collected;
            }
            // Only what the account did not have: the rest has its row (record skips one added meanwhile).
            accountBlobs.record(caller, fresh);
            break;
        }
        try {
            findings.keep(caller, BundleStorage.checkedByContent(bundle, stored));
        } catch (DataAccessException | TransactionException failed) {
            // The files are stored and recorded: failing to keep their findings costs only a check at the publish.
            log.warn("Files sent ahead stored, their findings not kept: {}", failed.toString());
        }
        return stored;
    }
}
