package io.sites.app.operations;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.sites.site.serving.SiteTraffic;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The site server's counters as metrics: {@code sites.site.responses} (tags {@code port} = site | api and
 * {@code status}), {@code sites.site.sent} (body bytes, tag {@code port}) and {@code sites.site.cache} (tag
 * {@code result} = hit | miss). Each is read from {@link SiteTraffic}'s plain counters when scraped, so serving
 * itself touches no meter.
 */
@Component
class SiteTrafficMetrics implements MeterBinder {
    static final String RESPONSES = "sites.site.responses";
    static final String SENT = "sites.site.sent";
    static final String CACHE = "sites.site.cache";

    private final ObjectProvider<SiteTraffic> traffic;

    /** A provider: a replica that runs no site server has no traffic to show. */
    SiteTrafficMetrics(ObjectProvider<SiteTraffic> traffic) {
        this.traffic = traffic;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        SiteTraffic site = traffic.getIfAvailable();
        if (site == null) {
            return;
        }
        bind(registry, "site", site.sitePort());
        bind(registry, "api", site.apiPort());
        FunctionCounter.builder(CACHE, site, SiteTraffic::cacheHits).tag("result", "hit")
                .description("Site files and compressed variants found in the memory cache").register(registry);
        FunctionCounter.builder(CACHE, site, SiteTraffic::cacheMisses).tag("result", "miss")
                .description("Site files loaded from the blob store, or variants compressed, into the cache")
                .register(registry);
    }

    private static void bind(MeterRegistry registry, String port, SiteTraffic.Port counters) {
        List<String> statuses = SiteTraffic.STATUS_TAGS;
        for (int i = 0; i < statuses.size(); i++) {
            int index = i;
            FunctionCounter.builder(RESPONSES, counters, c -> c.responses(index)).tag("port", port)
                    .tag("status", statuses.get(i)).description("Site requests answered, by port and status")
                    .register(registry);
        }
        FunctionCounter.builder(SENT, counters, SiteTraffic.Port::bodyBytes).tag("port", port).baseUnit("bytes")
                .description("Body bytes of site responses written, by port").register(registry);
    }
}
