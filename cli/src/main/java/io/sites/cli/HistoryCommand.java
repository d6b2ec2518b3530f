package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/** {@code sites history SITE}: who did what to a website, through which door, newest first (getHistory). */
@Command(name = "history", description = "Show who did what to a website, newest first.")
final class HistoryCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Option(names = "--limit", defaultValue = "20", description = "How many entries (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    public Integer call() {
        Api api = sites.api();
        JsonNode history = api.get(Websites.path(Websites.id(api, site)) + "/history?limit=" + limit);
        StringBuilder text = new StringBuilder();
        for (JsonNode entry : history.path("items")) {
            JsonNode actor = entry.path("actor");
            text.append(String.format("%-25s %-20s %-5s %s%s%s%n", entry.path("at").asString(),
                    entry.path("type").asString(), entry.has("version") ? "v" + entry.path("version").asInt() : "",
                    actor.path("name").asString(actor.path("accountId").asString()),
                    actor.has("via") ? " via " + actor.path("via").asString() : "",
                    entry.path("details").has("message") ? "  " + entry.path("details").path("message").asString() : ""));
        }
        sites.print(history, text.toString().stripTrailing());
        return Exit.OK.code;
    }
}
