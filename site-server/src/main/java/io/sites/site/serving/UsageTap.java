package io.sites.site.serving;

import io.sites.site.usage.SiteUsage;

/**
 * Hands each answer that belongs to a website to the usage counters (io.sites.site.usage): its status, the body bytes
 * it sends (none for HEAD or a 304), the path, the Referer, a hash of the address and the user agent. Kept apart from
 * the responder's rules so the counting is one line there.
 */
final class UsageTap {
    private final SiteUsage usage;

    UsageTap(SiteUsage usage) {
        this.usage = usage;
    }

    SiteResponse served(SiteRequest request, SiteResponse response) {
        if (usage != null && response != null && response.website != null) {
            usage.served(response.website, response.status, response.hasBody() ? response.contentLength : 0,
                    request.rawPath(), request.host(), request.header("Referer"), request.addressHash(),
                    request.header("User-Agent"));
        }
        return response;
    }
}
