package io.sites.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites webhooks add|ls|rm|test (SITE | --account) …}: a website's webhooks, or the account's (every website
 * it owns), over the REST operations. add prints the secret, which is shown only then.
 */
@Command(name = "webhooks", description = "Webhooks of a site or of your account: add, ls, rm, test.")
final class WebhooksCommand {
    @ParentCommand
    Sites sites;

    @Command(name = "add", description = "Send SITE's events (--account: every site's) to URL; prints the secret once.")
    int add(@Option(names = "--account", description = "For every website you own.") boolean account,
            @Option(names = {"-e", "--events"}, split = ",", defaultValue = "*",
                    description = "Event types, comma-separated (default: all).") List<String> events,
            @Parameters(paramLabel = "[SITE] URL") List<String> arguments) {
        Api api = sites.api();
        String url = arguments.getLast();
        JsonNode hook = Api.require(api.post(path(api, account, arguments, 2), Map.of("url", url, "events", events)));
        sites.print(hook, sites.style().done("Added " + hook.path("id").asString() + ".") + "\n"
                + "  Secret (shown only now; verify each webhook-signature with it): " + hook.path("secret").asString());
        return Exit.OK.code;
    }

    @Command(name = "ls", description = "List SITE's webhooks (--account: the account's).")
    int list(@Option(names = "--account") boolean account,
            @Parameters(paramLabel = "SITE", arity = "0..1") List<String> arguments) {
        Api api = sites.api();
        JsonNode list = api.get(path(api, account, arguments == null ? List.of() : arguments, 1));
        Table table = new Table("ID", "STATUS", "URL", "EVENTS");
        for (JsonNode hook : list.path("webhooks")) {
            String status = hook.path("status").asString();
            table.row(hook.path("id").asString(), new Table.Cell(status, "active".equals(status) ? Style.Tone.GREEN
                    : Style.Tone.RED), hook.path("url").asString(), String.join(",", hook.path("events")
                    .valueStream().map(JsonNode::asString).toList()));
        }
        sites.print(list, table.isEmpty() ? "No webhooks: sites webhooks add " + (account ? "--account" : "SITE")
                + " URL" : table.render(sites.style()));
        return Exit.OK.code;
    }

    @Command(name = "rm", description = "Remove webhook ID of SITE (--account: the account's).")
    int remove(@Option(names = "--account") boolean account,
            @Parameters(paramLabel = "[SITE] ID") List<String> arguments) {
        Api api = sites.api();
        String id = arguments.getLast();
        api.delete(path(api, account, arguments, 2) + "/" + Api.encode(id));
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("id", id);
        result.put("removed", true);
        sites.print(result, sites.style().done("Removed " + id + "."));
        return Exit.OK.code;
    }

    @Command(name = "test", description = "Send webhook ID a webhook.test delivery; its log: --json ls, the API.")
    int test(@Option(names = "--account") boolean account,
            @Parameters(paramLabel = "[SITE] ID") List<String> arguments) {
        Api api = sites.api();
        JsonNode sent = Api.require(api.post(path(api, account, arguments, 2) + "/" + Api.encode(arguments.getLast())
                + "/test", Map.of()));
        sites.print(sent, sites.style().done("Queued delivery " + sent.path("deliveryId").asString() + "."));
        return Exit.OK.code;
    }

    /** The collection's path: the account's, or SITE's (the first argument when {@code withSite} of them came). */
    private static String path(Api api, boolean account, List<String> arguments, int withSite) {
        if (account) {
            return "/v1/webhooks";
        }
        if (arguments.size() < withSite) {
            throw new Failure(Exit.USAGE, "Name the SITE, or give --account.");
        }
        return Websites.path(Websites.id(api, arguments.getFirst())) + "/webhooks";
    }
}
