/**
 * The Website aggregate (package-private, reached through Axon's command bus) and what is decided beside it: slug
 * claims, slug suggestions, site passwords, and the refusals the adapters answer as 404, 403 or 409. publish and the
 * adapters use its public services.
 */
package io.sites.command.website;
