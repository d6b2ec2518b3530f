package io.sites.command.remote;

import io.sites.api.AccountId;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.RemoteFiles;
import java.util.List;

/**
 * The remote files of one publish, as the bundle reader asks for them: an uploadKey is one of the caller's upload
 * slots, a sourceUrl is fetched (counted, in parallel). Close it once the bundle has been read.
 */
public final class PublishRemoteFiles implements RemoteFiles, AutoCloseable {
    private final AccountId caller;
    private final Uploads uploads;
    private final SourceFetches.Batch fetched;

    private PublishRemoteFiles(AccountId caller, Uploads uploads, SourceFetches.Batch fetched) {
        this.caller = caller;
        this.uploads = uploads;
        this.fetched = fetched;
    }

    /**
     * Upload slots belong to the calling account, so the resolver is bound to it. A dry run's fetches are counted as
     * a publish's are, but land in scratch space that closing deletes, never in the blob store.
     */
    public static PublishRemoteFiles open(AccountId caller, Uploads uploads, SourceFetches fetches, boolean dryRun) {
        return new PublishRemoteFiles(caller, uploads, fetches.open(caller, dryRun));
    }

    @Override
    public void prepare(List<Request> requests) {
        fetched.prepare(requests);
    }

    @Override
    public Resolved resolve(String path, FileInput file) {
        return file.source() instanceof FileSource.UploadKey upload
                ? uploads.resolve(caller, path, file.path(), upload.key())
                : fetched.resolve(path, file);
    }

    @Override
    public void close() {
        fetched.close();
    }
}
