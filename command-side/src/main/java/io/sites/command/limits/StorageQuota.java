package io.sites.command.limits;

import io.sites.api.blob.BlobRef;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import java.util.List;

/**
 * Whether a publish's blobs fit the owning account's storage quota. A port: what the account's versions already
 * reference lives in the read model, which the command side must not read; the application wires it. Checked after
 * the bytes are stored (content-addressed, referenced by nothing yet) and before the command, so a refused publish
 * leaves no version, no event and no reference.
 */
public interface StorageQuota {

    /**
     * @param publisher the account publishing
     * @param website the website published to, or null for a new website (then the publisher owns it)
     * @throws QuotaExceededException when the blobs the account's versions do not reference yet would take it over
     */
    void check(AccountId publisher, WebsiteId website, List<BlobRef> blobs);

    /**
     * Files sent ahead of a publish: counted as {@link #check} counts a publish's new files, and beside them what
     * the account sent ahead earlier the same day, which nothing may reference yet and the blob collector keeps
     * through its grace period; so an account holds at most its quota in files no version names.
     *
     * @throws QuotaExceededException when the account's versions, today's files sent ahead and these would take it
     *         over
     */
    default void checkSentAhead(AccountId account, List<BlobRef> blobs) {
        check(account, null, blobs);
    }

    /** For deployments or tests without a read model: no quota. */
    static StorageQuota none() {
        return (publisher, website, blobs) -> {
        };
    }
}
