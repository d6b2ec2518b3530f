/**
 * Which beans a replica runs, by its roles ({@code sites.roles}: api, sites or both). The one place that scans
 * modules' packages: EveryRole, ApiRole and SitesRole; a bean elsewhere that belongs to one role only carries
 * {@link io.sites.app.roles.ConditionalOnRole}. RoleEnvironment sets what a role implies before the context starts.
 */
package io.sites.app.roles;
