/**
 * The Content-Security-Policy of published sites: one text for the site server that sends it, the bundle check that
 * warns at publish about what it blocks, and the documentation that states it. Plain Java.
 */
package io.sites.api.site.policy;
