package io.sites.query.website;

import io.sites.api.JobStatus;
import io.sites.api.WebsiteRole;
import io.sites.api.WebsiteStatus;

/** Statuses and roles as SQL literals: the read model stores them as the API spells them ({@code 'ready'}). */
final class StoredValues {
    /** Every version is ready once its event exists: publishes are synchronous (see {@link JobStatus}). */
    static final String READY = quoted(JobStatus.READY.wire());
    static final String DRAFT = quoted(WebsiteStatus.DRAFT.wire());
    static final String ACTIVE = quoted(WebsiteStatus.ACTIVE.wire());
    static final String DELETED = quoted(WebsiteStatus.DELETED.wire());
    static final String OWNER = quoted(WebsiteRole.OWNER.wire());
    static final String EDITOR = quoted(WebsiteRole.EDITOR.wire());

    private StoredValues() {
    }

    private static String quoted(String value) {
        return "'" + value + "'";
    }
}
