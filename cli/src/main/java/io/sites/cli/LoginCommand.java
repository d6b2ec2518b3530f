package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites login}: signs in through the browser ({@link BrowserLogin}) and stores the OAuth tokens, or with
 * {@code --token} checks a personal access token; either way with the API address in the user's config directory,
 * readable by the user only (see {@link Config}), after one listWebsites to prove the token works.
 */
@Command(name = "login", description = {"Sign in through your browser and store the login for later commands.",
        "For scripts and CI, a personal access token minted in the web application at /mcp instead: "
                + "sites login --token TOKEN [--api URL]"})
final class LoginCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        Config config = sites.config();
        java.net.URI base = sites.apiAddress();
        Config.Stored stored;
        if (sites.token != null && !sites.token.isBlank()) {
            stored = new Config.Stored(base.toString(), sites.token);
        } else {
            AuthorizationServer server = new AuthorizationServer();
            AuthorizationServer.Endpoints endpoints = server.discover(new Api(base, Credential.of(null, config)));
            AuthorizationServer.Tokens tokens = new BrowserLogin(server, sites.invocation.browser(),
                    sites.invocation.err()).signIn(endpoints);
            stored = new Config.Stored(base.toString(), tokens.access(), new Config.OAuth(
                    AuthorizationServer.CLIENT_ID, tokens.refresh(), tokens.expiresAt(),
                    endpoints.token().toString(),
                    endpoints.revocation() == null ? null : endpoints.revocation().toString()));
        }
        JsonNode websites = new Api(base, Credential.of(stored.token(), config)).get("v1/websites");
        config.write(stored);
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("api", base.toString());
        result.put("config", config.file().toString());
        result.put("method", stored.oauth() == null ? "token" : "browser");
        result.put("websites", websites.path("items").size());
        sites.print(result, "Logged in to " + base + "; the " + (stored.oauth() == null ? "token is" : "tokens are")
                + " in " + config.file() + " (readable by you only).");
        return Exit.OK.code;
    }
}
