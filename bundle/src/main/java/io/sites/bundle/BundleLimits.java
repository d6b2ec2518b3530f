package io.sites.bundle;

import io.sites.bundle.rules.Text;
import java.util.Optional;

/**
 * The size and count limits a bundle is checked against.
 *
 * @param fileBytes   largest decoded size of one file, in bytes
 * @param bundleBytes largest decoded size of all files together, in bytes
 * @param htmlPages   most {@code .html}/{@code .htm} files in one bundle
 * @param remoteFiles most files given by sourceUrl or uploadKey in one publish
 */
public record BundleLimits(long fileBytes, long bundleBytes, int htmlPages, int remoteFiles) {

    public BundleLimits {
        if (fileBytes < 0 || bundleBytes < 0 || htmlPages < 0 || remoteFiles < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    /** The limits of the interface specification: 50 MB per file, 1 GB per bundle, 15 pages, 20 remote files. */
    public static BundleLimits spec() {
        return new BundleLimits(52_428_800L, 1_073_741_824L, 15, 20);
    }

    /** The per-file limit as texts for people say it: "50 MB". */
    public String fileSize() {
        return size(fileBytes);
    }

    /** The bundle limit as texts for people say it: "1 GB". */
    public String bundleSize() {
        return size(bundleBytes);
    }

    /**
     * "50 MB" or "1 GB" for a whole number of binary megabytes or gigabytes, as the interface specification writes
     * its limits; else the bytes ("52,428,801 bytes").
     */
    public static String size(long bytes) {
        return roundSize(bytes).orElseGet(() -> Text.bytes(bytes));
    }

    /** "50 MB" or "1 GB" for a whole number of binary megabytes or gigabytes, else empty. */
    public static Optional<String> roundSize(long bytes) {
        long mb = 1024L * 1024L;
        if (bytes > 0 && bytes % (1024 * mb) == 0) {
            return Optional.of(bytes / (1024 * mb) + " GB");
        }
        if (bytes > 0 && bytes % mb == 0) {
            return Optional.of(bytes / mb + " MB");
        }
        return Optional.empty();
    }
}
