package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites logout}: forgets the stored login. A browser login's tokens are revoked first (RFC 7009: the refresh
 * token, and with it the access token); a personal access token stays valid until revoked in the web application.
 */
@Command(name = "logout", description = "Remove the stored login from this computer (revoking a browser login).")
final class LogoutCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        Config config = sites.config();
        Config.Stored stored = config.read();
        boolean revoked = new AuthorizationServer().revoke(stored);
        config.delete();
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("config", config.file().toString());
        result.put("loggedOut", true);
        result.put("revoked", revoked);
        sites.print(result, "Removed " + config.file() + (revoked ? "; the login's tokens are revoked."
                : ". Revoke the token in the web application if it leaked."));
        return Exit.OK.code;
    }
}
