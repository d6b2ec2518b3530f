package io.sites.bundle;

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

    /** The limits of the interface specification: 50 MB per file, 1 GiB per bundle, 15 pages, 20 remote files. */
    public static BundleLimits spec() {
        return new BundleLimits(52_428_800L, 1_073_741_824L, 15, 20);
    }
}
