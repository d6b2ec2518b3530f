package io.sites.app.usecases;

import io.sites.api.WebsiteRole;
import io.sites.api.id.AccountId;
import io.sites.api.query.WebsiteSummaryView;
import io.sites.api.query.WebsiteView;
import io.sites.command.limits.RequestInvalidException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * getUsage and getAccountUsage: what the site replicas counted (io.sites.site.usage), summed over replicas, for a
 * website its owner or editors can see, or for every website of the caller's account with the storage its versions
 * use. Times are UTC; {@code from} is rounded down and {@code to} up to the granularity; at most 93 days per call.
 */
@Component
public class UsageOperations {
    /** The longest period one call may ask for: a quarter, a few thousand hourly points at most. */
    public static final int MAX_DAYS = 93;
    /** Without {@code from}: the week before {@code to}. */
    static final Duration DEFAULT_PERIOD = Duration.ofDays(7);

    private final ReadOperations reads;
    private final UsageFigures figures;
    private final Clock clock;

    private final AccountQuotas quotas;

    UsageOperations(ReadOperations reads, UsageFigures figures, Clock clock, AccountQuotas quotas) {
        this.quotas = quotas;
        this.reads = reads;
        this.figures = figures;
        this.clock = clock;
    }

    public enum Granularity { HOUR, DAY }

    /** A period: [from, to), aligned to the granularity. */
    public record Period(Instant from, Instant to, Granularity granularity) {
    }

    /** Answers by status class; {@code cacheHits} are 304s (the visitor's cache already held the file). */
    public record Figures(long requests, long bytesSent, long status2xx, long status3xx, long status4xx,
            long status5xx, long cacheHits) {
        static final Figures NONE = new Figures(0, 0, 0, 0, 0, 0, 0);

        Figures plus(Figures other) {
            return new Figures(requests + other.requests, bytesSent + other.bytesSent, status2xx + other.status2xx,
                    status3xx + other.status3xx, status4xx + other.status4xx, status5xx + other.status5xx,
                    cacheHits + other.cacheHits);
        }
    }

    /** One point of the series: the bucket's start and its figures; {@code visitors} per day only, else null. */
    public record Point(Instant start, Figures figures, Long visitors) {
    }

    /** A path or a referring host and its requests. */
    public record Ranked(String key, long requests) {
    }

    /** getUsage's answer; {@code visitors}: the days' unique visitors (each day's estimate), summed. */
    public record WebsiteUsage(WebsiteView website, Period period, Figures totals, long visitors, List<Point> series,
            List<Ranked> topPaths, List<Ranked> referrers) {
    }

    /**
     * getAccountUsage's answer: the owned websites' figures day by day and each one's totals, and the storage their
     * versions use (blobs counted once).
     */
    public record AccountUsage(Period period, Figures totals, List<Point> series, List<Site> websites,
            long storageBytes, QuotaState quota) {
        public record Site(WebsiteSummaryView website, Figures totals) {
        }
    }

    /**
     * The account's quotas and where it stands this month (UTC): bytes sent against the bandwidth quota, the
     * thresholds it was told of (50, 75, 100), and, while its websites are paused, until when.
     */
    public record QuotaState(String month, long bandwidthQuota, long bandwidthUsed, int bandwidthPercent,
            List<Integer> notices, Instant pausedUntil, long storageQuota, int requestsSecond) {
    }

    /** getUsage: 404 when the caller cannot see the website. */
    public WebsiteUsage websiteUsage(AccountId caller, String websiteId, String from, String to, String granularity) {
        Period period = period(from, to, granularity);
        WebsiteView website = reads.getWebsite(caller, websiteId).website();
        String id = website.id().value();
        List<Point> series = figures.series(List.of(id), period);
        Figures totals = series.stream().map(Point::figures).reduce(Figures.NONE, Figures::plus);
        long visitors = figures.visitors(id, period);
        return new WebsiteUsage(website, period, totals, visitors, series, figures.topPaths(id, period),
                figures.referrers(id, period));
    }

    /** getAccountUsage: the caller's own websites (not those it edits for others). */
    public AccountUsage accountUsage(AccountId caller, String from, String to) {
        Period period = period(from, to, Granularity.DAY.name());
        List<WebsiteSummaryView> owned = reads.listWebsites(caller).items().stream().map(
                ReadOperations.WebsiteList.Listed::website).filter(site -> site.role() == WebsiteRole.OWNER).toList();
        List<String> ids = owned.stream().map(site -> site.id().value()).toList();
        Map<String, Figures> byWebsite = figures.totals(ids, period);
        List<AccountUsage.Site> sites = owned.stream().map(site -> new AccountUsage.Site(site,
                byWebsite.getOrDefault(site.id().value(), Figures.NONE))).toList();
        Figures totals = sites.stream().map(AccountUsage.Site::totals).reduce(Figures.NONE, Figures::plus);
        long storage = figures.storageBytes(caller);
        return new AccountUsage(period, totals, figures.series(ids, period), sites, storage, quota(caller, ids));
    }

    /** Where the account stands: what the quota watch decided (notices, the pause), from the database. */
    QuotaState quota(AccountId caller, List<String> ids) {
        AccountQuotas.Quota quota = quotas.of(caller);
        Instant now = clock.instant();
        YearMonth month = QuotaWatch.month(now);
        Period thisMonth = new Period(QuotaWatch.start(month), QuotaWatch.start(month.plusMonths(1)),
                Granularity.DAY);
        long used = figures.totals(ids, thisMonth).values().stream().mapToLong(Figures::bytesSent).sum();
        int percent = (int) Math.min(1000, used * 100 / Math.max(1, quota.bandwidthMonth()));
        Instant pausedUntil = figures.pausedUntil(caller.value(), now);
        return new QuotaState(month.toString(), quota.bandwidthMonth(), used, percent,
                figures.notices(caller.value(), QuotaWatch.monthNumber(month)), pausedUntil, quota.storageBytes(),
                quota.requestsSecond());
    }

    /** The period asked for, defaults filled in: {@code to} now, {@code from} a week before, by day. */
    Period period(String from, String to, String granularity) {
        Granularity unit = granularity(granularity);
        ChronoUnit step = unit == Granularity.HOUR ? ChronoUnit.HOURS : ChronoUnit.DAYS;
        Instant end = ceiling(to == null || to.isBlank() ? clock.instant() : instant("to", to), step);
        Instant start = (from == null || from.isBlank() ? end.minus(DEFAULT_PERIOD) : instant("from", from))
                .truncatedTo(step);
        if (!start.isBefore(end)) {
            throw new RequestInvalidException(Map.of("from", "must be before to (" + end + ")"), List.of());
        }
        if (Duration.between(start, end).compareTo(Duration.ofDays(MAX_DAYS)) > 0) {
            throw new RequestInvalidException(Map.of("from", "at most " + MAX_DAYS + " days before to; this period has "
                    + Duration.between(start, end).toDays() + " days"), List.of());
        }
        return new Period(start, end, unit);
    }

    private static Granularity granularity(String granularity) {
        if (granularity == null || granularity.isBlank() || granularity.equalsIgnoreCase("day")) {
            return Granularity.DAY;
        }
        if (granularity.equalsIgnoreCase("hour")) {
            return Granularity.HOUR;
        }
        throw new RequestInvalidException(Map.of("granularity", "hour or day"), List.of());
    }

    private static Instant ceiling(Instant at, ChronoUnit step) {
        Instant down = at.truncatedTo(step);
        return down.equals(at) ? at : down.plus(1, step);
    }

    /** An instant (2026-11-28T10:00:00Z) or a date (2026-11-28, its start in UTC). */
    private static Instant instant(String parameter, String value) {
        try {
            return value.length() == 10 ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new BadRequestException(parameter, parameter
                    + " must be a UTC instant (2026-11-28T10:00:00Z) or a date (2026-11-28).");
        }
    }
}
