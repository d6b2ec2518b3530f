package io.sites.cli;

import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites domains add|ls|verify|serve|rm SITE [HOST]}: a website's custom domains over the REST operations
 * addDomain, listDomains, verifyDomain and removeDomain. add prints the TXT record to create and where to point the
 * name; serve makes HOST the name of its apex/www pair that serves (addDomain with primary).
 */
@Command(name = "domains", description = "A website's custom domains: add, ls, verify, serve, rm.")
final class DomainsCommand {
    @ParentCommand
    Sites sites;

    @Command(name = "add", description = "Add HOST to SITE (owner only) and print the DNS records to create.")
    int add(@Parameters(paramLabel = "SITE") String site, @Parameters(paramLabel = "HOST") String host) {
        Api api = sites.api();
        JsonNode domain = Api.require(api.post(path(api, site), Map.of("hostname", host)));
        sites.print(domain, sites.style().done("Added " + domain.path("hostname").asString() + ".") + "\n"
                + records(domain) + "\nThen: sites domains verify " + site + " " + domain.path("hostname").asString());
        return Exit.OK.code;
    }

    @Command(name = "ls", description = "List SITE's custom domains.")
    int list(@Parameters(paramLabel = "SITE") String site) {
        Api api = sites.api();
        JsonNode list = api.get(path(api, site));
        Table table = new Table("HOST", "STATUS", "TXT RECORD", "LAST CHECK");
        for (JsonNode domain : list.path("domains")) {
            String status = domain.path("status").asString();
            table.row(domain.path("hostname").asString(), new Table.Cell(status, switch (status) {
                case "verified", "active" -> Style.Tone.GREEN;
                case "failed" -> Style.Tone.RED;
                default -> Style.Tone.YELLOW;
            }), domain.path("verification").path("name").asString() + " = "
                    + domain.path("verification").path("value").asString(), domain.path("reason").asString(""));
        }
        sites.print(list, table.isEmpty() ? "No custom domains: sites domains add " + site + " HOST"
                : table.render(sites.style()));
        return Exit.OK.code;
    }

    @Command(name = "verify", description = "Check HOST's TXT record now; once found, SITE is served there.")
    int verify(@Parameters(paramLabel = "SITE") String site, @Parameters(paramLabel = "HOST") String host) {
        Api api = sites.api();
        JsonNode domain = Api.require(api.post(path(api, site) + "/" + Api.encode(host) + "/verify", Map.of()));
        sites.print(domain, sites.style().done(host + " is " + domain.path("status").asString() + "."));
        return Exit.OK.code;
    }

    @Command(name = "serve", description = "Serve SITE at HOST, its apex/www partner redirecting there (owner only).")
    int serve(@Parameters(paramLabel = "SITE") String site, @Parameters(paramLabel = "HOST") String host) {
        Api api = sites.api();
        JsonNode domain = Api.require(api.post(path(api, site), Map.of("hostname", host, "primary", true)));
        sites.print(domain, sites.style().done(domain.path("hostname").asString()
                + " serves; its apex/www partner, when served, redirects there."));
        return Exit.OK.code;
    }

    @Command(name = "rm", description = "Stop serving SITE at HOST (owner only).")
    int remove(@Parameters(paramLabel = "SITE") String site, @Parameters(paramLabel = "HOST") String host) {
        Api api = sites.api();
        api.delete(path(api, site) + "/" + Api.encode(host));
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("hostname", host);
        result.put("removed", true);
        sites.print(result, sites.style().done("Removed " + host + "."));
        return Exit.OK.code;
    }

    private static String path(Api api, String site) {
        return Websites.path(Websites.id(api, site)) + "/domains";
    }

    private static String records(JsonNode domain) {
        JsonNode txt = domain.path("verification");
        return "  TXT   " + txt.path("name").asString() + "  \"" + txt.path("value").asString() + "\"\n"
                + "  CNAME " + domain.path("hostname").asString() + "  " + domain.path("dnsTarget").asString();
    }
}
