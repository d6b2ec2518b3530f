package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/**
 * {@code sites rollback SITE}: makes the version that was live before the current one live again. The history says
 * which: newest first, the first version made live (a promoted publish or a promotion) other than the live one. So a
 * second rollback undoes the first, as {@code cd -} does.
 */
@Command(name = "rollback", description = "Make the previously live version live again.")
final class RollbackCommand implements Callable<Integer> {
    // Enough history for any real site; a page is one request.
    private static final int PAGE = 100;
    private static final int PAGES = 20;

    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Override
    public Integer call() {
        Api api = sites.api();
        String id = Websites.id(api, site);
        int live = Websites.liveVersion(api, id).orElseThrow(() -> new Failure(Exit.REFUSED,
                site + " has no live version to roll back from."));
        return PromoteCommand.promote(sites, api, id, previous(api, id, live));
    }

    private int previous(Api api, String id, int live) {
        String before = null;
        for (int page = 0; page < PAGES; page++) {
            JsonNode history = api.get(Websites.path(id) + "/history?limit=" + PAGE
                    + (before == null ? "" : "&before=" + Api.encode(before)));
            for (JsonNode entry : history.path("items")) {
                String type = entry.path("type").asString();
                boolean madeLive = type.equals("version.promoted")
                        || type.equals("version.published") && entry.path("details").path("promote").asBoolean(true);
                if (madeLive && entry.has("version") && entry.path("version").asInt() != live) {
                    return entry.path("version").asInt();
                }
            }
            if (!history.has("next")) {
                break;
            }
            before = history.path("next").asString();
        }
        throw new Failure(Exit.REFUSED, "Version " + live + " is the only version of " + site
                + " that was ever live: nothing to roll back to.");
    }
}
