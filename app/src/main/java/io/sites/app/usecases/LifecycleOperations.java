package io.sites.app.usecases;

import io.sites.api.id.Actor;
import io.sites.api.query.FindWebsite;
import io.sites.api.query.VersionView;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteView;
import io.sites.command.publish.ReadModels;
import io.sites.command.publish.WebsiteLifecycle;
import io.sites.command.website.SitePasswords;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/**
 * What changes a website but publishes nothing: promoteVersion and deleteWebsite (extensions of the interface), and
 * the owner's site password, over {@link WebsiteLifecycle} and {@link SitePasswords}. Each waits for the read model
 * (the lifecycle's own, the password through {@link #awaitWebsite}), so what a caller reads next shows the change.
 */
@Component
public class LifecycleOperations {
    private final WebsiteLifecycle lifecycle;
    private final SitePasswords passwords;
    private final ReadModels readModels;
    private final QueryGateway queries;

    LifecycleOperations(WebsiteLifecycle lifecycle, SitePasswords passwords, ReadModels readModels,
            QueryGateway queries) {
        this.lifecycle = lifecycle;
        this.passwords = passwords;
        this.readModels = readModels;
        this.queries = queries;
    }

    /** A promotion: the version now live, the one it replaced, and whether anything changed (it was not live). */
    public record Promotion(WebsiteId websiteId, int version, int previousVersion, boolean changed) {
    }

    /** promoteVersion's answer: the version as getWebsite shows it, with its website's id and slug. */
    public record PromotedVersion(WebsiteId websiteId, String slug, VersionView version) {
    }

    /** Makes a stored version live, an older one being a rollback; served by the site host when this returns. */
    public Promotion promote(Actor caller, String websiteId, String versionNumber) {
        WebsiteLifecycle.Promotion promotion = lifecycle.promote(caller, websiteId, versionNumber);
        return new Promotion(promotion.websiteId(), promotion.version(), promotion.previousVersion(),
                promotion.changed());
    }

    /**
     * promoteVersion (an extension): {@link #promote}, answered with the Version as getWebsite shows it (isCurrent
     * true).
     */
    public PromotedVersion promoteVersion(Actor caller, String websiteId, String versionNumber) {
        Promotion promotion = promote(caller, websiteId, versionNumber);
        int version = promotion.version();
        WebsiteView website = queries.query(new FindWebsite(caller.accountId(), promotion.websiteId()),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join()
                .orElseThrow(() -> ReadOperations.websiteNotVisible(websiteId));
        return website.versions().stream().filter(v -> v.version() == version).findFirst()
                .map(v -> new PromotedVersion(website.id(), website.slug(), v))
                .orElseThrow(() -> new NotFoundException("Website " + websiteId + " has no version " + version + "."));
    }

    /** deleteWebsite (an extension): only the owner; afterwards every operation on it is 404 and its site 410. */
    public void deleteWebsite(Actor caller, String websiteId) {
        lifecycle.delete(caller, websiteId);
    }

    /** Protects the site with a password, or lifts it ({@code plaintext} null); only the owner may. */
    public void setSitePassword(WebsiteId websiteId, Actor caller, String plaintext) {
        passwords.set(websiteId, caller, plaintext);
    }

    /** Returns once the website's read model shows every change made to it so far (read-your-writes). */
    public void awaitWebsite(WebsiteId websiteId) {
        readModels.awaitWebsite(websiteId);
    }
}
