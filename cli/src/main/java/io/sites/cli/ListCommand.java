package io.sites.cli;

import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/** {@code sites list}: the caller's websites, most recently updated first (listWebsites), as a table. */
@Command(name = "list", description = "List your websites, most recently updated first.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Option(names = {"-l", "--long"}, description = "Also each website's id and the exact time of its last update.")
    boolean wide;

    @Override
    public Integer call() {
        JsonNode list = sites.api().get("v1/websites");
        Instant now = Instant.now();
        Table table = wide ? new Table("SLUG", "STATUS", "ID", "UPDATED", "UPDATED AT", "ADDRESS")
                : new Table("SLUG", "STATUS", "UPDATED", "ADDRESS");
        for (JsonNode item : list.path("items")) {
            String status = item.path("status").asString();
            Table.Cell state = new Table.Cell(status, switch (status) {
                case "active" -> Style.Tone.GREEN;
                case "draft" -> Style.Tone.YELLOW;
                default -> Style.Tone.DIM;
            });
            String updated = item.path("updatedAt").asString("");
            Table.Cell address = new Table.Cell(item.path("pageUrl").asString(""), Style.Tone.CYAN);
            if (wide) {
                table.row(item.path("slug").asString("-"), state, item.path("id").asString(), Ago.of(updated, now),
                        updated, address);
            } else {
                table.row(item.path("slug").asString("-"), state, Ago.of(updated, now), address);
            }
        }
        sites.print(list, table.isEmpty() ? "No websites yet: sites publish FOLDER" : table.render(sites.style()));
        return Exit.OK.code;
    }
}
