package io.sites.app.roles;

/** What a replica does: {@code api} (REST, MCP, the web application, OAuth, commands, the read model) or {@code sites}. */
public enum ServiceRole {
    API,
    SITES
}
