package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.app.usecases.DomainOperations;
import java.util.List;
import java.util.Map;

/**
 * add_domain, list_domains, verify_domain and remove_domain: each the REST operation of the same name over
 * {@link DomainOperations}, built as {@link WebsiteTools} builds its tools. Terse, for the tool list's budget.
 */
final class DomainTools {
    static final String INSTRUCTIONS = """
            Custom domains: add_domain, have the person create the TXT record it returns, then verify_domain.""";

    private final DomainOperations operations;
    private final WebsiteTools tools;

    DomainTools(DomainOperations operations, WebsiteTools tools) {
        this.operations = operations;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(add(), list(), verify(), remove());
    }

    private SyncToolSpecification add() {
        return tools.tool("add_domain", "Add a custom domain", "addDomain", """
                Serve a website at the person's own hostname (owner only). Returns the TXT record to create and \
                the dnsTarget to point the name at.""",
                // Adds a pending domain; again: the same answer. Open world: it names a public hostname.
                new ToolAnnotations(null, false, false, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> operations.add(caller, WebsiteTools.text(arguments, "websiteId"),
                        WebsiteTools.text(arguments, "hostname"),
                        arguments.get("primary") instanceof Boolean primary ? primary : null),
                result -> "Create TXT " + ((Map<?, ?>) result.get("verification")).get("name") + " = "
                        + ((Map<?, ?>) result.get("verification")).get("value") + ", then call verify_domain.");
    }

    private SyncToolSpecification list() {
        return tools.tool("list_domains", "List custom domains", "listDomains",
                "A website's custom domains: status, the TXT record to create, and the last check's reason.",
                new ToolAnnotations(null, true, false, true, false, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> Map.of("domains", operations.list(caller,
                        WebsiteTools.text(arguments, "websiteId"))),
                result -> ((List<?>) result.get("domains")).size() + " domains.");
    }

    private SyncToolSpecification verify() {
        return tools.tool("verify_domain", "Verify a custom domain", "verifyDomain",
                "Check the domain's TXT record now; once found the site is served there (owner only).",
                // Open world: the public web serves the site at the hostname afterwards.
                new ToolAnnotations(null, false, false, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> operations.verify(caller, WebsiteTools.text(arguments, "websiteId"),
                        WebsiteTools.text(arguments, "hostname")),
                result -> result.get("hostname") + " is " + result.get("status") + ".");
    }

    private SyncToolSpecification remove() {
        return tools.tool("remove_domain", "Remove a custom domain", "removeDomain",
                "Stop serving the website at the hostname (owner only); any website may claim it afterwards.",
                new ToolAnnotations(null, false, true, true, true, null),
                Map.of("/properties/websiteId", WebsiteTools.WEBSITE_ID),
                (caller, arguments) -> {
                    operations.remove(caller, WebsiteTools.text(arguments, "websiteId"),
                            WebsiteTools.text(arguments, "hostname"));
                    return Map.of();
                },
                result -> "The domain is removed.");
    }
}
