package io.sites.cli;

import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites whoami}: which account the token of this run belongs to, at which origin, and where the token came
 * from (--token, SITES_TOKEN or the login stored for that origin); the service answers for the token itself
 * (getMe), so a revoked or foreign token shows as such rather than as what the config file claims.
 */
@Command(name = "whoami", description = "Show which account your token belongs to, at which API address.")
final class WhoamiCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        URI base = sites.apiAddress();
        Origin origin = Origin.of(base);
        Api api = sites.api();
        JsonNode me = me(api).orElseThrow(() -> new Failure(Exit.REFUSED, "The service at " + origin
                + " does not say whose a token is (it has no GET /v1/me); sites list shows the token works."));
        String source = sites.optionToken() != null ? "--token"
                : sites.givenToken() != null ? "SITES_TOKEN" : "stored login";
        ObjectNode result = Api.JSON.createObjectNode().setAll((ObjectNode) me);
        result.put("api", base.toString());
        result.put("origin", origin.toString());
        result.put("token", source);
        Style style = sites.style();
        String credential = switch (me.path("via").asString("")) {
            case "token" -> "personal access token" + named(me);
            case "oauth" -> "browser login" + named(me);
            default -> me.path("via").asString("token");
        };
        String text = "Logged in to " + origin + " as " + style.paint(Style.Tone.BOLD, me.path("name").asString())
                + System.lineSeparator() + "  account     " + me.path("accountId").asString()
                + System.lineSeparator() + "  credential  " + credential
                + System.lineSeparator() + "  token from  " + (source.equals("stored login")
                        ? "the stored login in " + sites.config().file() : source);
        sites.print(result, text);
        return Exit.OK.code;
    }

    private static String named(JsonNode me) {
        return me.has("credential") ? " \"" + me.path("credential").asString() + "\"" : "";
    }

    /** The caller as the service knows it; empty from a service older than GET /v1/me (404). */
    static Optional<JsonNode> me(Api api) {
        try {
            return Optional.of(api.get("v1/me"));
        } catch (Failure failure) {
            if (failure.exit == Exit.REFUSED && failure.error != null
                    && "NOT_FOUND".equals(failure.error.path("error").path("code").asString(""))) {
                return Optional.empty();
            }
            throw failure;
        }
    }
}
