package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/** {@code sites promote SITE VERSION}: makes a stored version live (promoteVersion); served when it returns. */
@Command(name = "promote", description = "Make a stored version the live one.")
final class PromoteCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(index = "0", paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Parameters(index = "1", paramLabel = "VERSION", description = "Version number.")
    int version;

    @Override
    public Integer call() {
        Api api = sites.api();
        return promote(sites, api, Websites.id(api, site), version);
    }

    static int promote(Sites sites, Api api, String websiteId, int version) {
        JsonNode promoted = Api.require(api.post(Websites.path(websiteId) + "/versions/" + version + "/promote",
                Api.JSON.createObjectNode()));
        Style style = sites.style();
        sites.print(promoted, style.done("Version " + version + " is live" + (promoted.has("pageUrl")
                ? ": " + style.paint(Style.Tone.CYAN, promoted.path("pageUrl").asString()) : ".")));
        return Exit.OK.code;
    }
}
