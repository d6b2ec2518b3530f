package io.sites.app.operations;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.site.directory.SiteDirectory;
import io.sites.site.replica.SiteReplica;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Readiness of the site server: out of service until this replica's site directory has read the event store as
 * far as it reached at start, since until then a site request may be answered 503 rather than its page; and again
 * while it is behind the store (SiteReplica), so that a load balancer sends it nothing stale.
 */
@Component
@ConditionalOnRole(ServiceRole.SITES)
class SiteDirectoryHealthIndicator implements HealthIndicator {
    private final SiteDirectory directory;
    private final SiteReplica replica;

    SiteDirectoryHealthIndicator(SiteDirectory directory, SiteReplica replica) {
        this.directory = directory;
        this.replica = replica;
    }

    @Override
    public Health health() {
        return directory.isCaughtUp() && replica.isReady() ? Health.up().build() : Health.outOfService().build();
    }
}
