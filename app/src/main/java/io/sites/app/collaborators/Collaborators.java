package io.sites.app.collaborators;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.command.RemoveCollaboratorCommand;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.Accounts;
import io.sites.app.identity.Usernames;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;

/**
 * Adds and removes a website's editors by username, for the owner. Only people who have an account are named:
 * an unknown username is refused (nobody is created by an invitation, see docs/DECISIONS.md), and so is the
 * owner. Who may manage editors is the aggregate's decision, made when the command arrives.
 */
@Service
public class Collaborators {
    private final CommandGateway commands;
    private final Accounts accounts;

    Collaborators(CommandGateway commands, Accounts accounts) {
        this.commands = commands;
        this.accounts = accounts;
    }

    /** Makes the person an editor; returns their username as stored. */
    public String add(WebsiteId website, Actor owner, String username) {
        String name = Usernames.normalize(username);
        AccountId editor = accounts.byUsername(name).orElseThrow(() -> new CollaboratorRefused(
                unknown(name) + " They need an account first; ask them to sign up."));
        if (editor.equals(owner.accountId())) {
            throw new CollaboratorRefused("'" + name + "' owns this website already.");
        }
        commands.sendAndWait(new AddCollaboratorCommand(website, owner.accountId(), editor, owner));
        return name;
    }

    /** Makes an editor a stranger again (nothing happens when they were not one); returns their username. */
    public String remove(WebsiteId website, Actor owner, String username) {
        String name = Usernames.normalize(username);
        AccountId editor = accounts.byUsername(name).orElseThrow(() -> new CollaboratorRefused(unknown(name)));
        commands.sendAndWait(new RemoveCollaboratorCommand(website, owner.accountId(), editor, owner));
        return name;
    }

    private static String unknown(String name) {
        return "Nobody is called '" + name + "'.";
    }
}
