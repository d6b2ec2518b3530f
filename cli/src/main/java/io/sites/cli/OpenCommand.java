package io.sites.cli;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sites open SITE}: prints the live address, and opens it in a browser when a person at a desktop asked. */
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
            browse(url);
        }
        return Exit.OK.code;
    }

    // No display (a server, CI) or no desktop integration: the printed address is the answer.
    private static void browse(String url) {
        try {
            if (!GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                    && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(URI.create(url));
            }
        } catch (java.io.IOException | UnsupportedOperationException ignored) {
            // the address is printed already
        }
    }
}
