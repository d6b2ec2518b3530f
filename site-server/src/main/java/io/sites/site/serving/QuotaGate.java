package io.sites.site.serving;

import io.sites.api.id.WebsiteId;
import io.sites.site.quota.RequestCeiling;
import io.sites.site.quota.SiteLimits;
import java.nio.ByteBuffer;

/**
 * The quotas at a website's door (issue 35 item 3): a paused website answers 503 with a plain page and Retry-After
 * until its pause ends, and a website over its request ceiling on this replica answers 429 with Retry-After. Both
 * are lookups in memory (io.sites.site.quota); neither allocates on the way of an admitted request.
 */
final class QuotaGate {
    /** Seconds: a token comes back within a second at any ceiling of one request a second or more. */
    private static final String CEILING_RETRY_AFTER = "1";

    private final SiteLimits limits;
    private final RequestCeiling ceiling;

    QuotaGate(SiteLimits limits, RequestCeiling ceiling) {
        this.limits = limits;
        this.ceiling = ceiling;
    }

    /** The refusal to answer instead, or null when the website may be served. */
    SiteResponse refuse(WebsiteId website, SiteResponse response) {
        if (limits == null) {
            return null;
        }
        String retryAfter = limits.pausedRetryAfter(website);
        if (retryAfter != null) {
            response.header("Retry-After", retryAfter);
            return SiteResponder.plain(response, 503, SitePages.PAUSED);
        }
        if (ceiling != null && !ceiling.admit(website, limits.requestsSecond(website))) {
            response.header("Retry-After", CEILING_RETRY_AFTER);
            return SiteResponder.plain(response, 429, SitePages.CEILING);
        }
        return null;
    }
}
