package io.sites.cli;

import java.time.Instant;
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

    @Option(names = {"-l", "--long"}, description = "Also the exact time of each entry.")
    boolean wide;

    @Override
    public Integer call() {
        Api api = sites.api();
        JsonNode history = api.get(Websites.path(Websites.id(api, site)) + "/history?limit=" + limit);
        Instant now = Instant.now();
        Table table = wide ? new Table("WHEN", "AT", "EVENT", "VERSION", "BY", "MESSAGE")
                : new Table("WHEN", "EVENT", "VERSION", "BY", "MESSAGE");
        for (JsonNode entry : history.path("items")) {
            JsonNode actor = entry.path("actor");
            String at = entry.path("at").asString("");
            String version = entry.has("version") ? "v" + entry.path("version").asInt() : "";
            String by = actor.path("name").asString(actor.path("accountId").asString(""))
                    + (actor.has("via") ? " via " + actor.path("via").asString() : "");
            String message = entry.path("details").path("message").asString("");
            if (wide) {
                table.row(Ago.of(at, now), at, entry.path("type").asString(), version, by, message);
            } else {
                table.row(Ago.of(at, now), entry.path("type").asString(), version, by, message);
            }
        }
        sites.print(history, table.isEmpty() ? "No history yet." : table.render(sites.style()));
        return Exit.OK.code;
    }
}
