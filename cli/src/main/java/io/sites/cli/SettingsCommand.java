package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites settings SITE [--retain N|all] [--expires RFC3339|never] [--name ...] [--description ...]
 * [--category ...]}: the owner's settings (PATCH /v1/websites/{id}); without an option it shows them. The service
 * checks every value and names the bad ones; this only turns "all" and "never" into the clearing null.
 */
@Command(name = "settings", description = "Show or change a website's settings (changes: owner only).")
final class SettingsCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Option(names = "--retain", paramLabel = "N", description = "Keep the newest N versions (and the live one and "
            + "any live in the last 7 days); 'all' keeps every version.")
    String retain;

    @Option(names = "--expires", paramLabel = "TIME", description = "Delete the website at this RFC 3339 time "
            + "(e.g. 2027-01-31T12:00:00Z, at most a year ahead); 'never' clears it.")
    String expires;

    @Option(names = "--name", description = "Display name.")
    String name;

    @Option(names = "--description", description = "Description; an empty one clears it.")
    String description;

    @Option(names = "--category", description = "real_estate, restaurant, service, portfolio, event, resume or other.")
    String category;

    @Override
    public Integer call() {
        Api api = sites.api();
        String id = Websites.id(api, site);
        ObjectNode patch = Api.JSON.createObjectNode();
        if (retain != null) {
            if ("all".equalsIgnoreCase(retain)) {
                patch.putNull("retainVersions");
            } else if (retain.matches("\\d{1,9}")) {
                patch.put("retainVersions", Integer.parseInt(retain));
            } else {
                throw new Failure(Exit.USAGE, "--retain takes a number of versions or 'all'.");
            }
        }
        if (expires != null) {
            if ("never".equalsIgnoreCase(expires)) {
                patch.putNull("expiresAt");
            } else {
                patch.put("expiresAt", expires);
            }
        }
        if (name != null) {
            patch.put("name", name);
        }
        if (description != null) {
            if (description.isEmpty()) {
                patch.putNull("description");
            } else {
                patch.put("description", description);
            }
        }
        if (category != null) {
            patch.put("category", category);
        }
        JsonNode website = patch.isEmpty() ? api.get(Websites.path(id)) : api.patch(Websites.path(id), patch);
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("websiteId", id);
        result.put("name", website.path("name").asString());
        result.set("retainVersions", website.path("retainVersions"));
        result.set("expiresAt", website.path("expiresAt"));
        String text = website.path("name").asString() + ": "
                + (website.path("retainVersions").isNumber() ? "keeps the newest "
                        + website.path("retainVersions").asInt() + " versions" : "keeps every version")
                + ", " + (website.path("expiresAt").isString() ? "expires " + website.path("expiresAt").asString()
                        : "never expires") + ".";
        sites.print(result, patch.isEmpty() ? text : sites.style().done(text));
        return Exit.OK.code;
    }
}
