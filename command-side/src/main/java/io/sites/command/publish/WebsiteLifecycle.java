package io.sites.command.publish;

import static io.sites.command.publish.WebsiteCommands.send;
import static io.sites.command.publish.WebsiteCommands.visibleId;

import io.sites.api.id.Actor;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.command.PromoteVersionCommand;
import io.sites.api.id.VersionNumber;
import io.sites.api.id.WebsiteId;
import io.sites.command.website.VersionNotFoundException;
import io.sites.command.website.WebsiteNotFoundException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;

/**
 * What happens to a website after its versions are stored: a version made live (promote, and so rollback) and the
 * website deleted. The one path of REST, MCP and the web application. Like a publish, each waits for this
 * replica's projections, so the site host serves the promoted version, and every read shows the change, on the
 * very next request.
 */
@Service
public class WebsiteLifecycle {

    private final CommandGateway commands;
    private final ReadModels readModels;

    WebsiteLifecycle(CommandGateway commands, ReadModels readModels) {
        this.commands = commands;
        this.readModels = readModels;
    }

    /** What a promote did: the version live before it, and whether it changed anything. */
    public record Promotion(WebsiteId websiteId, int version, int previousVersion, boolean changed) {
    }

    /**
     * Makes version {@code number} (as the path or form carries it) the live one. Owners and editors may; a stranger
     * or an unknown website is {@link WebsiteNotFoundException}, a number the website does not have, or no number,
     * {@link VersionNotFoundException}.
     */
    public Promotion promote(Actor caller, String websiteId, String number) {
        WebsiteId id = visibleId(websiteId);
        int version = VersionNumber.parse(number).orElseThrow(() -> new VersionNotFoundException(websiteId, number));
        PromoteVersionCommand.Outcome outcome = send(id, () -> commands.sendAndWait(
                new PromoteVersionCommand(id, version, caller.accountId(), caller)));
        readModels.awaitWebsite(id);
        return new Promotion(id, version, outcome.previousVersion(), outcome.changed());
    }

    /** Deletes the website: only the owner may ({@code NotOwnerException} for an editor). Its slug stays claimed. */
    public void delete(Actor caller, String websiteId) {
        WebsiteId id = visibleId(websiteId);
        send(id, () -> commands.sendAndWait(new DeleteWebsiteCommand(id, caller.accountId(), caller)));
        readModels.awaitWebsite(id);
    }
}
