package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code sites versions SITE}: every version, newest first, the live one marked (getWebsite's versions). */
@Command(name = "versions", description = "List a website's versions; * marks the live one.")
final class VersionsCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Override
    public Integer call() {
        JsonNode website = Websites.get(sites.api(), site);
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("websiteId", website.path("id").asString());
        result.set("versions", website.path("versions"));
        StringBuilder text = new StringBuilder();
        for (JsonNode version : website.path("versions")) {
            text.append(String.format("%s %4d  %-7s %-10s %-25s %s%n", version.path("isCurrent").asBoolean() ? "*" : " ",
                    version.path("version").asInt(), version.path("status").asString(), version.path("kind").asString(),
                    version.path("createdAt").asString(""), version.path("instruction").asString("")));
        }
        sites.print(result, text.toString().stripTrailing());
        return Exit.OK.code;
    }
}
