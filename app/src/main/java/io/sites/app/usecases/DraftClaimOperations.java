package io.sites.app.usecases;

import io.sites.api.code.ErrorCode;
import io.sites.api.command.ClaimDraftCommand;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.command.publish.ReadModels;
import io.sites.command.website.DraftNotClaimableException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.stereotype.Component;

/**
 * claimDraft (POST /v1/drafts/{websiteId}/claim, the web application's claim page): the claim token is checked
 * here (signed for this website, not expired), the aggregate decides the rest (still an unclaimed draft, so a link
 * works once). Every refusal is the same CLAIM_INVALID, so a prober learns nothing about other websites.
 */
@Component
public class DraftClaimOperations {
    private final DraftOperations drafts;
    private final CommandGateway commands;
    private final ReadModels readModels;
    private final ReadOperations reads;

    DraftClaimOperations(DraftOperations drafts, CommandGateway commands, ReadModels readModels, ReadOperations reads) {
        this.drafts = drafts;
        this.commands = commands;
        this.readModels = readModels;
        this.reads = reads;
    }

    /** Checks the token only, for a page that asks the person to confirm before claiming. */
    public void check(String websiteId, String token) {
        if (!drafts.claimable(websiteId, token)) {
            throw invalid();
        }
    }

    /** Moves the draft into the caller's account; answered as getWebsite shows it, once the read model does. */
    public ReadOperations.WebsiteDetails claim(Actor caller, String websiteId, String token) {
        check(websiteId, token);
        WebsiteId id = new WebsiteId(websiteId);
        try {
            commands.sendAndWait(new ClaimDraftCommand(id, caller.accountId(), caller));
        } catch (DraftNotClaimableException | AggregateNotFoundException gone) {
            throw invalid();
        }
        readModels.awaitWebsite(id);
        return reads.getWebsite(caller.accountId(), websiteId);
    }

    private static DraftRefusedException invalid() {
        return new DraftRefusedException(ErrorCode.CLAIM_INVALID, "This claim link is not valid: it was altered, "
                + "it expired, it was used already, or it is for another website. Nothing changed.");
    }
}
