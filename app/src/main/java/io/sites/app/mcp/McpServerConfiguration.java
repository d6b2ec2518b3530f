package io.sites.app.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.sites.app.SiteUrls;
import io.sites.app.usecases.LifecycleOperations;
import io.sites.app.usecases.PublishOperations;
import io.sites.app.usecases.ReadOperations;
import io.sites.app.usecases.UsageOperations;
import io.sites.app.usecases.SettingsOperations;
import io.sites.app.web.ApiBodies;
import io.sites.app.web.BodyAdmission;
import io.sites.app.web.IdempotentRequests;
import io.sites.app.web.OpenApiDocument;
import io.sites.app.web.ApiProperties;
import io.sites.app.web.UsageBodies;
import io.sites.bundle.BundleLimits;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP endpoint at /mcp on the official Java SDK: its stateless Streamable HTTP servlet transport (every POST is
 * answered with plain JSON, no session id, no GET stream), so any replica behind a load balancer can answer any
 * request without sticky sessions, and no open stream holds up a graceful shutdown. Authentication is the /v1
 * bearer-token chain (SecurityConfiguration); the caller reaches the tools through the transport context.
 */
@Configuration(proxyBeanMethods = false)
class McpServerConfiguration {
    static final String PATH = "/mcp";

    @Bean
    McpRequestRules mcpRequestRules(SiteUrls urls) {
        return new McpRequestRules(urls.api(""), urls.app(""));
    }

    @Bean
    @org.springframework.context.annotation.Primary
    HttpServletStatelessServerTransport mcpTransport(McpRequestRules rules, ApiProperties properties) {
        HttpServletStatelessServerTransport transport = HttpServletStatelessServerTransport.builder()
                .jsonMapper(mcpJson())
                .messageEndpoint(PATH)
                .contextExtractor(CallerContext::extract)
                .httpHeaderValidator(rules)
                .maxRequestSize(maxRequestSize(properties))
                .build();
        // The header may name exactly the versions the SDK negotiates in initialize.
        rules.speak(transport.protocolVersions());
        return transport;
    }

    @Bean
    McpTools mcpTools(PublishOperations publishing, ReadOperations reads, LifecycleOperations lifecycle,
            ApiBodies bodies, OpenApiDocument openApi, JsonMapper json, BundleLimits limits,
            IdempotentRequests idempotency, SiteUrls urls, io.sites.app.usecases.DomainOperations domains,
            UsageOperations usage, UsageBodies usageBodies, SettingsOperations settings,
            io.sites.app.usecases.DraftOperations drafts, io.sites.app.webhooks.WebhookOperations webhooks) {
        ToolSchemas schemas = new ToolSchemas(openApi);
        WebsiteTools tools = new WebsiteTools(publishing, reads, bodies, schemas, json, limits,
                new IdempotentCalls(idempotency, json), urls);
        VersionTools versionTools = new VersionTools(lifecycle, reads, bodies, tools);
        List<SyncToolSpecification> specifications = new ArrayList<>(tools.specifications());
        specifications.addAll(versionTools.specifications());
        specifications.addAll(new DomainTools(domains, tools).specifications());
        specifications.addAll(new WebhookTools(webhooks, tools).specifications());
        specifications.addAll(new UsageTools(usage, usageBodies, tools).specifications());
        specifications.addAll(new SettingsTools(settings, bodies, tools, schemas).specifications());
        DraftTools draftTools = new DraftTools(drafts, tools, schemas);
        specifications.addAll(draftTools.specifications());
        return new McpTools(specifications, tools.instructions() + "\n" + VersionTools.INSTRUCTIONS
                + "\n" + DomainTools.INSTRUCTIONS + "\n" + SettingsTools.INSTRUCTIONS
                + "\n" + DraftTools.INSTRUCTIONS, draftTools.anonymousPublishDraft(new ToolResults(json)));
    }

    @Bean(destroyMethod = "close")
    @org.springframework.context.annotation.Primary
    McpStatelessSyncServer mcpServer(HttpServletStatelessServerTransport transport, McpTools tools) {
        return McpServer.sync(new InternalErrors(transport))
                .serverInfo("sites", "1.0.0")
                .instructions(tools.instructions())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tools.specifications())
                // No schema check of the SDK's own: arguments meet the rules a REST body meets (binding, then the
                // services), so a mistake gets the same error envelope, with its fields, by either route.
                .validateToolInputs(false)
                // Handlers run on the request's thread: the transport blocks on the result anyway.
                .immediateExecution(true)
                .build();
    }

    @Bean
    ServletRegistrationBean<McpEndpoint> mcpEndpoint(HttpServletStatelessServerTransport transport,
            McpRequestRules rules, ApiProperties properties,
            BodyAdmission admission, McpTools tools) {
        ServletRegistrationBean<McpEndpoint> registration = new ServletRegistrationBean<>(
                new McpEndpoint(transport, rules, mcpJson(),
                        tools.described().stream().map(McpTools.Described::name).toList(),
                        maxRequestSize(properties), admission), PATH);
        registration.setName("mcp");
        registration.setLoadOnStartup(1);
        return registration;
    }

    /**
     * The tokenless endpoint {@link DraftTools#PATH} (outside the bearer chain, which guards {@code /mcp} exactly):
     * a stateless server of its own whose one tool is publish_draft, so an agent without a token can publish a
     * draft where the operator allows it, while {@code /mcp} keeps answering 401 (which starts OAuth in clients).
     */
    @Bean
    HttpServletStatelessServerTransport mcpDraftsTransport(McpRequestRules rules, ApiProperties properties) {
        return HttpServletStatelessServerTransport.builder()
                .jsonMapper(mcpJson())
                .messageEndpoint(DraftTools.PATH)
                .contextExtractor(CallerContext::anonymous)
                .httpHeaderValidator(rules)
                .maxRequestSize(maxRequestSize(properties))
                .build();
    }

    @Bean(destroyMethod = "close")
    McpStatelessSyncServer mcpDraftsServer(
            @org.springframework.beans.factory.annotation.Qualifier("mcpDraftsTransport")
            HttpServletStatelessServerTransport transport, McpTools tools) {
        return McpServer.sync(new InternalErrors(transport))
                .serverInfo("sites-drafts", "1.0.0")
                .instructions(DraftTools.INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(List.of(tools.anonymousDraft()))
                .validateToolInputs(false)
                .immediateExecution(true)
                .build();
    }

    @Bean
    ServletRegistrationBean<McpEndpoint> mcpDraftsEndpoint(
            @org.springframework.beans.factory.annotation.Qualifier("mcpDraftsTransport")
            HttpServletStatelessServerTransport transport, McpRequestRules rules, ApiProperties properties,
            BodyAdmission admission) {
        ServletRegistrationBean<McpEndpoint> registration = new ServletRegistrationBean<>(
                new McpEndpoint(transport, rules, mcpJson(), List.of("publish_draft"), maxRequestSize(properties),
                        admission), DraftTools.PATH);
        registration.setName("mcp-drafts");
        registration.setLoadOnStartup(1);
        return registration;
    }

    /** The endpoint reads the body before the transport does: both refuse above the same size. */
    private static int maxRequestSize(ApiProperties properties) {
        return (int) Math.min(Integer.MAX_VALUE, properties.limits().requestBytes());
    }

    private static McpJsonMapper mcpJson() {
        return McpJsonDefaults.getMapper();
    }
}
