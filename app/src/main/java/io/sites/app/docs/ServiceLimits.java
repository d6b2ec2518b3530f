package io.sites.app.docs;

import io.sites.api.site.rules.HeaderRules;
import io.sites.app.web.ApiProperties;
import io.sites.bundle.BundleLimits;
import io.sites.command.limits.CommandLimits;
import java.util.List;
import java.util.Locale;

/**
 * The limits a client meets, read from the beans that enforce them (the request limit, the bundle limits and the
 * command side's rates and counts), so the documentation states the configured values, never a copy.
 */
final class ServiceLimits {
    private ServiceLimits() {
    }

    /** One limit: what it bounds, its configured value, and its setting. */
    record Limit(String name, String value, String setting) {
    }

    static List<Limit> of(ApiProperties api, BundleLimits bundle, CommandLimits command) {
        return List.of(
                new Limit("Request body", bytes(api.limits().requestBytes()) + " per request (413 above)",
                        "sites.limits.request-bytes"),
                new Limit("File size", bytes(bundle.fileBytes()) + " per file, inline, uploaded or fetched",
                        "sites.limits.file-bytes"),
                new Limit("Bundle size", bytes(bundle.bundleBytes()) + " for all files of a publish together",
                        "sites.limits.bundle-bytes"),
                new Limit("HTML pages", bundle.htmlPages() + " per bundle", "sites.limits.html-pages"),
                new Limit("_headers sizes", HeaderRules.VALUE_BYTES + " bytes a value, " + HeaderRules.PATH_BYTES
                        + " bytes of header lines for one path (HEADERS_TOO_LARGE above), " + HeaderRules.FILE_BYTES
                        + " characters in the file (TOO_MANY_RULES above)", "fixed"),
                new Limit("Remote files", bundle.remoteFiles() + " files by sourceUrl or uploadKey per publish",
                        "sites.limits.remote-files"),
                new Limit("Publishes", command.publishesPerMinute() + " per account and minute (429 RATE_LIMITED "
                        + "with Retry-After above)", "sites.limits.publishes-per-minute"),
                new Limit("Dry runs", command.dryRunsPerMinute() + " per account and minute, apart from publishes "
                        + "(429 RATE_LIMITED with Retry-After above)", "sites.limits.dry-runs-per-minute"),
                new Limit("sourceUrl fetches", command.fetchesPerHour() + " per account and hour (429 RATE_LIMITED "
                        + "with Retry-After above)", "sites.limits.fetches-per-hour"),
                new Limit("Websites", command.websitesPerAccount() + " per account, deleted ones not counted (422 "
                        + "WEBSITE_LIMIT_REACHED above)", "sites.limits.websites-per-account"));
    }

    /** "52428800 bytes (50 MB)": the exact number a client compares against, and the round size people read. */
    private static String bytes(long bytes) {
        String exact = String.format(Locale.ROOT, "%d bytes", bytes);
        return BundleLimits.roundSize(bytes).map(round -> exact + " (" + round + ")").orElse(exact);
    }
}
