package io.sites.app.operations;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.Role;
import io.sites.site.SiteDirectory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Readiness of the site server: out of service until this replica's site directory has read the event store as
 * far as it reached at start, since until then a site request may be answered 503 rather than its page.
 */
@Component
@ConditionalOnRole(Role.SITES)
class SiteDirectoryHealthIndicator implements HealthIndicator {
    private final SiteDirectory directory;

    SiteDirectoryHealthIndicator(SiteDirectory directory) {
        this.directory = directory;
    }

    @Override
    public Health health() {
        return directory.isCaughtUp() ? Health.up().build() : Health.outOfService().build();
    }
}
