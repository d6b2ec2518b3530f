package io.sites.api;

import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Creates a website together with its first version; the slug has been chosen but not yet claimed. */
public record CreateWebsiteCommand(
        @TargetAggregateIdentifier WebsiteId websiteId,
        AccountId owner,
        String name,
        String slug,
        Category category,
        String description,
        JobId jobId,
        List<ManifestEntry> files) {

    public CreateWebsiteCommand {
        files = List.copyOf(files);
    }
}
