package io.sites.app.webapp;

import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.app.usecases.BadRequestException;
import io.sites.app.usecases.UsageOperations;
import io.sites.app.usecases.UsageOperations.Point;
import io.sites.command.limits.RequestInvalidException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A website's Usage view (a tab of its dashboard): the figures of {@link UsageOperations#websiteUsage} for the last
 * day, week, month or quarter, charted by uPlot (served by PageAssets) from the numbers the page carries in data
 * attributes, so no inline script is needed under the pages' CSP.
 */
@Controller
class UsagePages {
    /** The periods offered: label, length, step. */
    enum Range {
        DAY("24 hours", Duration.ofHours(24), "hour"), WEEK("7 days", Duration.ofDays(7), "day"),
        MONTH("30 days", Duration.ofDays(30), "day"), QUARTER("90 days", Duration.ofDays(90), "day");

        final String label;
        final Duration length;
        final String granularity;

        Range(String label, Duration length, String granularity) {
            this.label = label;
            this.length = length;
            this.granularity = granularity;
        }

        public String label() {
            return label;
        }

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What the charts draw: the buckets' starts (Unix seconds), requests and bytes, comma-separated. */
    record Chart(String times, String requests, String bytes) {
        static Chart of(List<Point> series) {
            return new Chart(join(series, p -> p.start().getEpochSecond()), join(series, p -> p.figures().requests()),
                    join(series, p -> p.figures().bytesSent()));
        }

        private static String join(List<Point> series, java.util.function.ToLongFunction<Point> value) {
            return series.stream().map(p -> Long.toString(value.applyAsLong(p))).collect(Collectors.joining(","));
        }
    }

    private final WebsitePages pages;
    private final WebsiteDashboard dashboard;
    private final UsageOperations usage;

    UsagePages(WebsitePages pages, WebsiteDashboard dashboard, UsageOperations usage) {
        this.pages = pages;
        this.dashboard = dashboard;
        this.usage = usage;
    }

    @GetMapping("/app/websites/{websiteId}/usage")
    String usage(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestParam(required = false) String range, Model model) {
        WebsiteView website = pages.find(person, websiteId);
        Range chosen = java.util.Arrays.stream(Range.values()).filter(r -> r.key().equals(range)).findFirst()
                .orElse(Range.WEEK);
        Instant to = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
        UsageOperations.WebsiteUsage figures;
        try {
            figures = usage.websiteUsage(person.account(), websiteId, to.minus(chosen.length).toString(),
                    to.toString(), chosen.granularity);
        } catch (BadRequestException | RequestInvalidException unexpected) {
            throw new PageNotFoundException("No usage for this period.");
        }
        dashboard.header(website, "usage", model);
        model.addAttribute("usage", figures);
        model.addAttribute("ranges", Range.values());
        model.addAttribute("range", chosen);
        model.addAttribute("chart", Chart.of(figures.series()));
        model.addAttribute("topRequests", figures.topPaths().isEmpty() ? 1 : figures.topPaths().getFirst().requests());
        model.addAttribute("topReferrals", figures.referrers().isEmpty() ? 1
                : figures.referrers().getFirst().requests());
        return "website-usage";
    }
}
