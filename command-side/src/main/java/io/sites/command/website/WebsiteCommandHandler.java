package io.sites.command.website;

import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.id.WebsiteId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/** Creation needs the slug claim beside the aggregate, so it is handled here rather than in a constructor. */
@Component
class WebsiteCommandHandler {
    private final Repository<Website> websites;
    private final SlugClaims slugClaims;

    WebsiteCommandHandler(Repository<Website> websiteRepository, SlugClaims slugClaims) {
        this.websites = websiteRepository;
        this.slugClaims = slugClaims;
    }

    @CommandHandler
    WebsiteId handle(CreateWebsiteCommand command) throws Exception {
        slugClaims.claim(command.slug(), command.websiteId());
        websites.newInstance(() -> new Website(command));
        return command.websiteId();
    }
}
