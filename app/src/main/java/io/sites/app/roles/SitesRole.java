package io.sites.app.roles;

import org.springframework.context.annotation.Configuration;

/**
 * The site replica: the site directory, its snapshots and the site port. Alone, it runs no servlet container (see
 * {@link RoleEnvironment}); its probes and metrics are served by the operations package's own listener.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnRole(ServiceRole.SITES)
@ScanModules("io.sites.site")
class SitesRole {
}
