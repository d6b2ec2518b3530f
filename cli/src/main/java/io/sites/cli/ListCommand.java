package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/** {@code sites list}: the caller's websites, most recently updated first (listWebsites). */
@Command(name = "list", description = "List your websites.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Override
    public Integer call() {
        JsonNode list = sites.api().get("v1/websites");
        StringBuilder text = new StringBuilder();
        for (JsonNode item : list.path("items")) {
            text.append(String.format("%-30s %-8s %-26s %s%n", item.path("slug").asString("-"),
                    item.path("status").asString(), item.path("id").asString(), item.path("pageUrl").asString("")));
        }
        sites.print(list, text.isEmpty() ? "No websites yet: sites publish FOLDER" : text.toString().stripTrailing());
        return Exit.OK.code;
    }
}
