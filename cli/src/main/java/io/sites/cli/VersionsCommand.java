package io.sites.cli;

import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites versions SITE}: every version, newest first, as a table; the live one's status says live and carries
 * a *, so that a plain terminal and a grep find it (getWebsite's versions).
 */
@Command(name = "versions", description = "List a website's versions, newest first; * marks the live one.")
final class VersionsCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Option(names = {"-l", "--long"}, description = "Also each version's kind, exact time and preview address.")
    boolean wide;

    @Override
    public Integer call() {
        JsonNode website = Websites.get(sites.api(), site);
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("websiteId", website.path("id").asString());
        result.set("versions", website.path("versions"));
        Instant now = Instant.now();
        Table table = (wide ? new Table("VERSION", "STATUS", "KIND", "CREATED", "CREATED AT", "PREVIEW", "MESSAGE")
                : new Table("VERSION", "STATUS", "CREATED", "MESSAGE")).alignRight(0);
        for (JsonNode version : website.path("versions")) {
            boolean live = version.path("isCurrent").asBoolean();
            Table.Cell number = new Table.Cell((live ? "* " : "") + version.path("version").asInt(),
                    live ? Style.Tone.GREEN : Style.Tone.PLAIN);
            Table.Cell status = live ? new Table.Cell("live", Style.Tone.GREEN)
                    : new Table.Cell(version.path("status").asString(), Style.Tone.PLAIN);
            String created = version.path("createdAt").asString("");
            String message = version.path("instruction").asString("");
            if (wide) {
                table.row(number, status, version.path("kind").asString(), Ago.of(created, now), created,
                        new Table.Cell(version.path("previewUrl").asString(""), Style.Tone.CYAN), message);
            } else {
                table.row(number, status, Ago.of(created, now), message);
            }
        }
        sites.print(result, table.render(sites.style()));
        return Exit.OK.code;
    }
}
