/**
 * What a site request is answered with, whichever port received it: SiteResponder holds every rule of what to
 * answer (clean URLs, redirects, previews, the password gate, ranges, the security headers), SiteHeaders a file's
 * head (caching, validators, conditional requests, coding); SiteFiles keeps hot files and their compressed variants;
 * SiteRules compiles a site's {@code _redirects} and {@code _headers}; SitePreviews and SiteGate decide who sees a
 * preview or a protected site; ResponseWriter and ResponseHeads put an answer on a Netty connection. Its API for the
 * transport room: SiteRequest in, SiteResponse out, SiteResponder, SiteFiles, the writer and the counters
 * (SiteTraffic); SitePreviewKey for app; SecureHosts, which the tls room implements (HTTPS redirects and ACME's
 * challenge answers).
 */
package io.sites.site.serving;
