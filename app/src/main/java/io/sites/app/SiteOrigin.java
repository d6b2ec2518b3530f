package io.sites.app;

import com.google.common.net.InternetDomainName;
import io.sites.api.site.SiteAddress;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether {@code {site_host}} is an origin apart from the API and the web application. Sites run their owners'
 * JavaScript; a site host under the same registrable domain as the API (sites.example.com beside api.example.com)
 * may set cookies for that domain and clear its data, and so sign people out of the web application. Registrable
 * domains come from the Public Suffix List that Guava bundles (docs/DECISIONS.md, "Site origin").
 */
final class SiteOrigin {
    private SiteOrigin() {
    }

    /**
     * The one line to warn with at start, or empty: {@code siteHost} (an authority, port allowed) against the hosts
     * of the given addresses (URLs).
     */
    static Optional<String> warning(String siteHost, String... addresses) {
        String site = SiteAddress.hostName(siteHost);
        for (String address : addresses) {
            String host = URI.create(address).getHost();
            Optional<String> shared = sharedDomain(site, host);
            if (shared.isPresent()) {
                return Optional.of("sites.site-host " + site + " shares the registrable domain " + shared.get()
                        + " with " + address + ": a site's JavaScript may set cookies for " + shared.get()
                        + " and clear its data, and so sign people out; serve sites under a registrable domain of "
                        + "their own, listed on the Public Suffix List for a public deployment (docs/SECURITY.md)");
            }
        }
        return Optional.empty();
    }

    /** The registrable domain both hosts are under; empty when they have none in common or either has none. */
    static Optional<String> sharedDomain(String siteHost, String host) {
        Optional<String> site = registrable(siteHost);
        return site.isPresent() && site.equals(registrable(host)) ? site : Optional.empty();
    }

    /**
     * The registrable domain of a host (its public suffix and one label more); empty for a public suffix itself (a
     * site host listed on the Public Suffix List: nothing above it is shared), for an address, and for names under
     * no public suffix (localhost, a single label, an internal name), which only development uses.
     */
    static Optional<String> registrable(String host) {
        if (host == null) {
            return Optional.empty();
        }
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        if (!InternetDomainName.isValid(name)) {
            return Optional.empty();
        }
        InternetDomainName domain = InternetDomainName.from(name);
        if (domain.isPublicSuffix() || !domain.isUnderPublicSuffix()) {
            return Optional.empty();
        }
        return Optional.of(domain.topPrivateDomain().toString());
    }
}
