package io.sites.app.webapp.entryfixture;

import io.sites.command.remote.UploadRefusedException;
import io.sites.command.website.SlugTakenException;

/** What OperationsEntryRuleTest keeps allowed: a page that tells the command side's refusals apart. No bean. */
public class PageNamingARefusal {
    public String problem(RuntimeException refused) {
        if (refused instanceof UploadRefusedException upload && upload.reason() == UploadRefusedException.Reason.USED) {
            return "used";
        }
        return refused instanceof SlugTakenException ? "taken" : "other";
    }
}
