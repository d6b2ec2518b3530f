package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code sites logout}: forgets the stored login (the token stays valid until revoked in the web application). */
@Command(name = "logout", description = "Remove the stored login from this computer.")
final class LogoutCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        Config config = sites.config();
        config.delete();
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("config", config.file().toString());
        result.put("loggedOut", true);
        sites.print(result, "Removed " + config.file() + ". Revoke the token in the web application if it leaked.");
        return Exit.OK.code;
    }
}
