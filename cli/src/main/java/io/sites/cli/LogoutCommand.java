package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites logout}: forgets the login stored for the API address's origin (--api, SITES_API, else the latest
 * login's); the logins of other origins stay. A browser login's tokens are revoked first (RFC 7009: the refresh
 * token, and with it the access token); a personal access token stays valid until revoked in the web application.
 */
@Command(name = "logout", description = "Remove the stored login for the API address from this computer "
        + "(revoking a browser login).")
final class LogoutCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        Config config = sites.config();
        java.net.URI base = sites.apiAddress();
        Origin origin = Origin.of(base);
        Config.Stored stored = config.login(origin);
        boolean revoked = new AuthorizationServer(sites.insecure).revoke(stored);
        config.locked(() -> {
            config.forget(origin);
            return null;
        });
        config.tidy();
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("api", origin.toString());
        result.put("config", config.file().toString());
        result.put("loggedOut", true);
        result.put("removed", stored.token() != null);
        result.put("revoked", revoked);
        sites.print(result, stored.token() == null ? "No login for " + origin + " in " + config.file() + "."
                : "Removed the login for " + origin + " from " + config.file() + (revoked
                ? "; its tokens are revoked." : ". Revoke the token in the web application if it leaked."));
        return Exit.OK.code;
    }
}
