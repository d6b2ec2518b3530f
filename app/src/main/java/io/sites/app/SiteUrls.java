package io.sites.app;

import io.sites.api.site.PreviewGrant;
import io.sites.api.site.SiteAddress;
import io.sites.api.id.WebsiteId;
import java.net.URI;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/** Public addresses: a site's live URL, the web application's status view of a job, the API's own links. */
@Component
@EnableConfigurationProperties(AddressProperties.class)
public class SiteUrls {
    private static final Logger log = LoggerFactory.getLogger(SiteUrls.class);
    /** Where the web application's routes live on whichever host serves it. */
    public static final String APP_PATH = "/app";
    private final String scheme;
    private final SiteAddress address;
    private final String baseUrl;
    private final String appUrl;
    private final String siteHost;
    private final PreviewGrant grants;
    private final boolean grantsNeeded;
    private final Clock clock;

    SiteUrls(AddressProperties addresses, PreviewGrant grants, Clock clock) {
        this.grants = grants;
        this.grantsNeeded = addresses.previews() != PreviewGrant.Access.PUBLIC;
        this.clock = clock;
        String baseUrl = addresses.baseUrl();
        String appUrl = addresses.appUrl();
        this.baseUrl = stripSlash(baseUrl);
        this.appUrl = stripSlash(appUrl);
        if (!URI.create(this.appUrl).getPath().equals(APP_PATH)) {
            throw new IllegalArgumentException("sites.app-url (SITES_APP_URL) must end in " + APP_PATH
                    + ", where the web application's routes are, for example https://app.example.com" + APP_PATH
                    + "; it is " + appUrl);
        }
        this.address = new SiteAddress(addresses.siteHost());
        this.siteHost = addresses.siteHost();
        this.scheme = URI.create(this.baseUrl).getScheme();
        SiteOrigin.warning(siteHost, this.baseUrl, this.appUrl).ifPresent(log::warn);
    }

    public String page(String slug) {
        return scheme + "://" + address.pageHost(slug) + "/";
    }

    /**
     * One stored version, live or not, at its own host: the link that opens it for anyone who has it, with a grant
     * that expires {@link PreviewGrant#LIFETIME} from now (none when previews are public). Only for those who may
     * read the version (its owner and editors): every read mints a fresh one.
     */
    public String preview(WebsiteId website, int version, String slug) {
        String url = scheme + "://" + address.previewHost(version, slug) + "/";
        return grantsNeeded ? url + "?" + PreviewGrant.PARAMETER + "=" + grants.mint(website, version,
                clock.instant().plus(PreviewGrant.LIFETIME)) : url;
    }

    /** Relative to the web application, as the spec's Job.statusUrl says. */
    public String jobStatusPath(String jobId) {
        return "/jobs/" + jobId;
    }

    /** Every site and preview host as one Content-Security-Policy source ({@code https://*.example.site}). */
    public String siteSource() {
        return scheme + "://*." + siteHost;
    }

    /** Whether a request's Host header names a site ({@code {slug}.{site_host}} or a preview). */
    public boolean isSiteHost(String host) {
        return address.labelOf(SiteAddress.hostName(host)).isPresent();
    }

    /** The service's own host names (site host, API, web application): no custom domain may be one or under one. */
    public java.util.List<String> ownHosts() {
        return java.util.List.of(SiteAddress.hostName(siteHost), URI.create(baseUrl).getHost(),
                URI.create(appUrl).getHost());
    }

    public String api(String path) {
        return baseUrl + path;
    }

    public String app(String path) {
        return appUrl + path;
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
