package io.sites.app.web;

import io.sites.app.usecases.UsageOperations;
import io.sites.app.usecases.UsageOperations.AccountUsage;
import io.sites.app.usecases.UsageOperations.Figures;
import io.sites.app.usecases.UsageOperations.Period;
import io.sites.app.usecases.UsageOperations.Point;
import io.sites.app.usecases.UsageOperations.Ranked;
import io.sites.app.usecases.UsageOperations.WebsiteUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The wire shapes of getUsage and getAccountUsage (openapi.json: WebsiteUsage, AccountUsage), for REST and MCP. */
@Component
public class UsageBodies {

    public Map<String, Object> websiteUsage(WebsiteUsage usage) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("websiteId", usage.website().id().value());
        body.put("slug", usage.website().slug());
        period(body, usage.period());
        body.put("totals", figures(usage.totals()));
        body.put("visitors", usage.visitors());
        body.put("series", usage.series().stream().map(UsageBodies::point).toList());
        body.put("topPaths", ranked(usage.topPaths(), "path"));
        body.put("referrers", ranked(usage.referrers(), "host"));
        return body;
    }

    public Map<String, Object> accountUsage(AccountUsage usage) {
        Map<String, Object> body = new LinkedHashMap<>();
        period(body, usage.period());
        body.put("totals", figures(usage.totals()));
        body.put("storageBytes", usage.storageBytes());
        body.put("quota", quota(usage.quota()));
        body.put("series", usage.series().stream().map(UsageBodies::point).toList());
        body.put("websites", usage.websites().stream().map(site -> {
            Map<String, Object> each = new LinkedHashMap<>();
            each.put("websiteId", site.website().id().value());
            each.put("slug", site.website().slug());
            each.put("name", site.website().name());
            each.put("totals", figures(site.totals()));
            return each;
        }).toList());
        return body;
    }

    /** The account's quotas and this month's standing; {@code pausedUntil} only while paused. */
    private static Map<String, Object> quota(UsageOperations.QuotaState quota) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("month", quota.month());
        body.put("bandwidthQuota", quota.bandwidthQuota());
        body.put("bandwidthUsed", quota.bandwidthUsed());
        body.put("bandwidthPercent", quota.bandwidthPercent());
        body.put("notices", quota.notices());
        body.put("paused", quota.pausedUntil() != null);
        if (quota.pausedUntil() != null) {
            body.put("pausedUntil", quota.pausedUntil().toString());
            body.put("pausedBecause", "The account's websites sent " + quota.bandwidthUsed() + " bytes this month,"
                    + " its bandwidth quota of " + quota.bandwidthQuota() + " bytes; they answer 503 until "
                    + quota.pausedUntil() + " or until the operator raises the quota.");
        }
        body.put("storageQuota", quota.storageQuota());
        body.put("requestsSecond", quota.requestsSecond());
        return body;
    }

    private static void period(Map<String, Object> body, Period period) {
        body.put("from", period.from().toString());
        body.put("to", period.to().toString());
        body.put("granularity", period.granularity().name().toLowerCase(Locale.ROOT));
    }

    private static Map<String, Object> point(Point point) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("start", point.start().toString());
        body.putAll(figures(point.figures()));
        if (point.visitors() != null) {
            body.put("visitors", point.visitors());
        }
        return body;
    }

    private static Map<String, Object> figures(Figures figures) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("requests", figures.requests());
        body.put("bytesSent", figures.bytesSent());
        body.put("status2xx", figures.status2xx());
        body.put("status3xx", figures.status3xx());
        body.put("status4xx", figures.status4xx());
        body.put("status5xx", figures.status5xx());
        body.put("cacheHits", figures.cacheHits());
        return body;
    }

    private static List<Map<String, Object>> ranked(List<Ranked> ranked, String key) {
        return ranked.stream().map(each -> Map.<String, Object>of(key, each.key(), "requests", each.requests()))
                .toList();
    }
}
