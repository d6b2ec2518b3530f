package io.sites.command.website;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.sites.api.AccountId;
import io.sites.api.CreateWebsiteCommand;
import io.sites.api.PublishVersionCommand;
import io.sites.api.VersionKind;
import io.sites.api.VersionPublished;
import io.sites.api.WebsiteCreated;
import io.sites.api.WebsiteId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A website and its numbered versions. It decides who may publish and which number a version gets; the bytes
 * were checked and stored before the command arrived, so handling stays pure and fast. Fields are visible to
 * Jackson so that snapshots need no getters.
 */
@Aggregate(snapshotTriggerDefinition = "websiteSnapshotTrigger", cache = "websiteCache")
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class Website {

    @AggregateIdentifier
    private WebsiteId websiteId;
    private AccountId owner;
    private String slug;
    private int lastVersion;

    Website() {
        // for event sourcing and snapshots
    }

    /** Created by {@link WebsiteCommandHandler} once the slug is claimed in the same transaction. */
    Website(CreateWebsiteCommand command) {
        apply(new WebsiteCreated(command.websiteId(), command.owner(), command.name(), command.slug(),
                command.category(), command.description()));
        apply(new VersionPublished(command.websiteId(), command.jobId(), 1, VersionKind.INITIAL, null, true,
                command.owner(), command.files()));
    }

    @CommandHandler
    PublishVersionCommand.Outcome handle(PublishVersionCommand command) {
        if (!mayPublish(command.publishedBy())) {
            // Strangers learn nothing: the same answer as for a website that does not exist.
            throw new WebsiteNotFoundException(command.websiteId());
        }
        int version = lastVersion + 1;
        apply(new VersionPublished(websiteId, command.jobId(), version, VersionKind.REFINEMENT, command.message(),
                command.promote(), command.publishedBy(), command.files()));
        return new PublishVersionCommand.Outcome(version, slug);
    }

    private boolean mayPublish(AccountId account) {
        return owner.equals(account);
    }

    @EventSourcingHandler
    void on(WebsiteCreated event) {
        websiteId = event.websiteId();
        owner = event.owner();
        slug = event.slug();
    }

    @EventSourcingHandler
    void on(VersionPublished event) {
        lastVersion = event.version();
    }
}
