package io.sites.command.remote;

import io.sites.api.id.AccountId;
import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.bundle.ContentKey;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.RemoteFiles;
import io.sites.bundle.rules.FileFindings;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The remote files of one publish, as the bundle reader asks for them: an uploadKey is one of the caller's upload
 * slots, a sourceUrl is fetched (counted, in parallel), a sha256 is a blob the caller's account stored or one of the
 * website's own versions holds. Close it once the bundle has been read.
 */
public final class PublishRemoteFiles implements RemoteFiles, AutoCloseable {
    private final AccountId caller;
    private final Uploads uploads;
    private final SourceFetches.Batch fetched;
    private final Digests digests;
    private final FindingsByContent findings;

    private PublishRemoteFiles(AccountId caller, Uploads uploads, SourceFetches.Batch fetched, Digests digests,
            FindingsByContent findings) {
        this.caller = caller;
        this.uploads = uploads;
        this.fetched = fetched;
        this.digests = digests;
        this.findings = findings;
    }

    /**
     * The blobs a publish may name by digest: the caller's account's ({@link AccountBlobs}), and those of the
     * versions of the website it publishes to (which the caller may read anyway), by sha256 with their size.
     * {@code asked}: the digests the request names beyond the website's, looked up together beforehand
     * ({@link AccountBlobs#findAll}), and {@code accountNamed} the account's among them; so a big site's manifest
     * costs a query per 500 files, not one per file, and a digest asked about is not asked again.
     */
    public record Digests(AccountBlobs account, Map<String, Long> website, Set<String> asked,
            Map<String, Long> accountNamed, BlobStore blobs) {
        public Digests {
            website = Map.copyOf(website);
            asked = Set.copyOf(asked);
            accountNamed = Map.copyOf(accountNamed);
        }
    }

    /**
     * Upload slots belong to the calling account, so the resolver is bound to it. A dry run's fetches are counted as
     * a publish's are, but land in scratch space that closing deletes, never in the blob store.
     */
    public static PublishRemoteFiles open(AccountId caller, Uploads uploads, SourceFetches fetches, Digests digests,
            FindingsByContent findings, boolean dryRun) {
        return new PublishRemoteFiles(caller, uploads, fetches.open(caller, dryRun), digests, findings);
    }

    /** The caller's own kept findings: the bundle reader asks only for files resolved here, which it may name. */
    @Override
    public Map<ContentKey, FileFindings> knownFindings(Collection<ContentKey> keys) {
        return findings.find(caller, keys);
    }

    @Override
    public void prepare(List<Request> requests) {
        fetched.prepare(requests);
    }

    @Override
    public Resolved resolve(String path, FileInput file) {
        return switch (file.source()) {
            case FileSource.UploadKey upload -> uploads.resolve(caller, path, file.path(), upload.key());
            case FileSource.StoredBlob digest -> stored(file.path(), digest.sha256());
            default -> fetched.resolve(path, file);
        };
    }

    /** A digest of a blob this publish may use; any other is unknown, whoever else has stored it. */
    private Resolved stored(String sentPath, String sha256) {
        Long size = digests.website().containsKey(sha256) ? digests.website().get(sha256)
                : digests.accountNamed().get(sha256);
        Optional<BlobRef> blob = size != null ? Optional.of(new BlobRef(sha256, size))
                : digests.asked().contains(sha256) ? Optional.empty() : digests.account().find(caller, sha256);
        if (blob.isEmpty()) {
            return new Rejected(Violation.of(ViolationCode.UNKNOWN_DIGEST, sentPath,
                    "File \"" + sentPath + "\" names sha256 " + sha256 + ", which is not a file this account has "
                            + "published or uploaded.",
                    "Send this file's bytes (content, uploadKey or sourceUrl); the other files may stay digests."));
        }
        BlobStore blobs = digests.blobs();
        return new Stored(blob.get(), null, () -> {
            findings.countReadBack();
            try (InputStream in = blobs.open(sha256).orElseThrow(
                    () -> new IOException("blob " + sha256 + " is recorded but missing from the store"))) {
                return in.readAllBytes();
            }
        });
    }

    @Override
    public void close() {
        fetched.close();
    }
}
