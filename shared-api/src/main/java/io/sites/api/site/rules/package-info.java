/**
 * The site rules files {@code _redirects} and {@code _headers} (Netlify's syntax): parsed, checked and matched by
 * the same code at publish (the bundle reader) and when serving (the site server). Plain Java.
 */
package io.sites.api.site.rules;
