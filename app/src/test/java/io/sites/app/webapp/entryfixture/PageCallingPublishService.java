package io.sites.app.webapp.entryfixture;

import io.sites.api.id.Actor;
import io.sites.command.publish.NewWebsite;
import io.sites.command.publish.PublishService;

/** A deliberate violation for OperationsEntryRuleTest: a page that publishes past the operations. No bean. */
public class PageCallingPublishService {
    private final PublishService publishing;

    public PageCallingPublishService(PublishService publishing) {
        this.publishing = publishing;
    }

    public String publish(Actor person, NewWebsite website) {
        return publishing.createWebsite(person, website).jobId().value();
    }
}
