package io.sites.app.operations;

import io.sites.app.SiteUrls;
import io.sites.app.roles.ServiceRole;
import io.sites.app.roles.Roles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** The few lines a person starting the service reads once it is ready: where each door is. */
@Component
class ReadyBanner {
    private static final Logger log = LoggerFactory.getLogger(ReadyBanner.class);

    private final SiteUrls urls;
    private final Environment environment;

    ReadyBanner(SiteUrls urls, Environment environment) {
        this.urls = urls;
        this.environment = environment;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready() {
        log.info("Sites is ready{}", text());
    }

    String text() {
        Roles roles = Roles.of(environment);
        StringBuilder lines = new StringBuilder();
        if (roles.has(ServiceRole.API)) {
            line(lines, "API", urls.api("/v1") + "  (for people: " + urls.api("/docs") + ", for language models: "
                    + urls.api("/llms.txt") + ")");
            line(lines, "Web application", urls.app("/"));
            line(lines, "MCP", urls.api("/mcp"));
        }
        if (roles.has(ServiceRole.SITES)) {
            String sitePort = environment.getProperty("sites.site-server.port", "");
            line(lines, "Sites", urls.page("{slug}") + (sitePort.isBlank() ? "" : "  (site port " + sitePort + ")"));
        }
        return lines.toString();
    }

    private static void line(StringBuilder lines, String door, String address) {
        lines.append(System.lineSeparator()).append("  ").append("%-16s".formatted(door)).append(address);
    }
}
