package io.sites.app.roles;

import org.springframework.context.annotation.Configuration;

/**
 * The API replica: the command side and the read model, REST, MCP, the web application, accounts and OAuth, the
 * operator's commands, the API documentation, the blob collector, webhooks. No site directory: a site host reaching its port
 * is answered with a 404 envelope.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnRole(ServiceRole.API)
@ScanModules({"io.sites.command", "io.sites.query", "io.sites.app.web", "io.sites.app.mcp", "io.sites.app.webapp",
        "io.sites.app.identity", "io.sites.app.collaborators", "io.sites.app.operator", "io.sites.app.docs",
        "io.sites.app.usecases", "io.sites.app.feed", "io.sites.app.pictures", "io.sites.app.blobs",
        "io.sites.app.webhooks"})
class ApiRole {
}
