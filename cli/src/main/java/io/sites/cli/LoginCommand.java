package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites login --token TOKEN}: checks a personal access token against the API (listWebsites) and stores it with
 * the API address in the user's config directory, readable by the user only (see {@link Config}).
 */
@Command(name = "login", description = {"Store the API address and a personal access token for later commands.",
        "Mint a token in the web application at /mcp, then: sites login --token TOKEN [--api URL]"})
final class LoginCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        if (sites.token == null || sites.token.isBlank()) {
            // The browser sign-in (OAuth authorization code with PKCE on a loopback redirect) is not built yet.
            throw new Failure(Exit.USAGE, "Browser sign-in is not available yet: mint a personal access token in the "
                    + "web application (at /mcp) and run sites login --token TOKEN.");
        }
        Api api = new Api(sites.apiAddress(), sites.token);
        JsonNode websites = api.get("v1/websites");
        Config config = sites.config();
        config.write(new Config.Stored(api.base().toString(), sites.token));
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("api", api.base().toString());
        result.put("config", config.file().toString());
        result.put("websites", websites.path("items").size());
        sites.print(result, "Logged in to " + api.base() + "; the token is in " + config.file()
                + " (readable by you only).");
        return Exit.OK.code;
    }
}
