package io.sites.cli;

import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites open SITE}: prints the live address, and opens it in the browser the sign-in uses (the invocation's,
 * {@link SystemBrowser} in a real run) when a person at a terminal asked.
 */
@Command(name = "open", description = "Print a website's address and open it in the browser.")
final class OpenCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Override
    public Integer call() {
        JsonNode website = Websites.get(sites.api(), site);
        String url = website.path("pageUrl").asString(null);
        if (url == null) {
            throw new Failure(Exit.REFUSED, site + " has no live version yet.");
        }
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("websiteId", website.path("id").asString());
        result.put("pageUrl", url);
        sites.print(result, url);
        if (sites.invocation.terminal() && !sites.json) {
            sites.invocation.browser().accept(URI.create(url));
        }
        return Exit.OK.code;
    }
}
