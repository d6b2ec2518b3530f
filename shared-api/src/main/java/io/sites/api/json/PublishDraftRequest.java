package io.sites.api.json;

import java.util.List;

/**
 * publishDraft (an extension): createWebsite's body for a throwaway website. The service chooses the slug; a draft
 * has no password, domains nor slug of its own, so those fields are named here only to be refused
 * (DRAFT_RESTRICTED) rather than silently ignored.
 */
public record PublishDraftRequest(
        String name,
        List<PublishFile> files,
        String slug,
        Object password,
        Object domains) {

    /** A draft as a client usually sends it: files, perhaps a name. */
    public PublishDraftRequest(String name, List<PublishFile> files) {
        this(name, files, null, null, null);
    }
}
