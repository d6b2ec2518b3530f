package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites login}: signs in through the browser ({@link BrowserLogin}) and stores the OAuth tokens, or with
 * {@code --token} (or {@code --token -}, from standard input) checks a personal access token; either way as the login
 * of the API address's origin in the user's config directory, readable by the user only (see {@link Config}), after
 * one listWebsites to prove the token works. Its address becomes the default; other origins' logins stay. The
 * browser login it replaces at the same origin is revoked afterwards, as {@code sites logout} would.
 */
@Command(name = "login", description = {"Sign in through your browser and store the login for later commands.",
        "For scripts and CI, a personal access token minted in the web application at /mcp instead: "
                + "sites login --token - [--api URL] < token-file",
        "A login is used only at the origin (scheme, host, port) it was made for."})
final class LoginCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        Config config = sites.config();
        java.net.URI base = sites.apiAddress();
        Origin origin = Origin.of(base);
        String token = sites.optionToken();
        Config.Stored stored;
        if (token != null) {
            stored = new Config.Stored(base.toString(), token);
        } else {
            AuthorizationServer server = new AuthorizationServer(sites.insecure);
            AuthorizationServer.Endpoints endpoints = server.discover(new Api(base,
                    Credential.of(null, config, base, sites.insecure), sites.insecure));
            AuthorizationServer.Tokens tokens = new BrowserLogin(server, sites.invocation.browser(),
                    sites.invocation.err()).signIn(endpoints);
            stored = new Config.Stored(base.toString(), tokens.access(), new Config.OAuth(
                    AuthorizationServer.CLIENT_ID, tokens.refresh(), tokens.expiresAt(),
                    endpoints.token().toString(),
                    endpoints.revocation() == null ? null : endpoints.revocation().toString()));
        }
        Api api = new Api(base, Credential.of(stored.token(), config, base, sites.insecure), sites.insecure);
        JsonNode websites = api.get("v1/websites");
        JsonNode me = WhoamiCommand.me(api).orElse(null);
        Config.Stored previous = config.locked(() -> {
            Config.Stored replaced = previous(config, origin);
            config.store(stored, true);
            return replaced;
        });
        forget(previous, stored);
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("api", base.toString());
        result.put("origin", origin.toString());
        result.put("config", config.file().toString());
        result.put("method", stored.oauth() == null ? "token" : "browser");
        result.put("websites", websites.path("items").size());
        if (me != null) {
            result.put("accountId", me.path("accountId").asString());
            result.put("name", me.path("name").asString());
        }
        sites.print(result, sites.style().done("Logged in to " + origin + (me == null ? "" : " as "
                + sites.style().paint(Style.Tone.BOLD, me.path("name").asString())) + "; the "
                + (stored.oauth() == null ? "token is" : "tokens are") + " in " + config.file()
                + " (readable by you only)."));
        return Exit.OK.code;
    }

    /** The login this one replaces at its origin; an unreadable config has none and is overwritten, as before. */
    private static Config.Stored previous(Config config, Origin origin) {
        try {
            return config.login(origin);
        } catch (RuntimeException unreadable) {
            return new Config.Stored(null, null);
        }
    }

    /**
     * The replaced browser login stops working, as after {@code sites logout}; once the new login is stored, so that
     * a failure here never costs the new one: it only leaves a note (the old tokens end by themselves).
     */
    private void forget(Config.Stored previous, Config.Stored next) {
        if (previous.oauth() == null || java.util.Objects.equals(previous.token(), next.token())) {
            return;
        }
        try {
            new AuthorizationServer(sites.insecure).revoke(previous);
        } catch (Failure | IllegalArgumentException e) {
            sites.invocation.err().println("sites: note: the previous login could not be revoked (" + e.getMessage()
                    + "); it ends by itself when its tokens expire.");
        }
    }
}
