package io.sites.bundle;

import io.sites.api.blob.BlobRef;
import io.sites.bundle.rules.Findings;

/** One file of a bundle on its way through the checks: what is known of it so far, and its violations. */
final class FileEntry {

    final int index;
    final FileInput file;
    final Findings findings;
    String path;
    boolean pathValid;
    long size = -1;
    byte[] bytes;
    BlobRef stored;
    DecodedContent.Spilled spilled;
    RemoteFiles.Contents storedContents;
    String contentType;

    FileEntry(int index, FileInput file, Findings findings) {
        this.index = index;
        this.file = file;
        this.findings = findings;
    }

    BundleFile toFile() {
        if (!pathValid || (bytes == null && stored == null && spilled == null) || contentType == null) {
            throw new IllegalStateException("files[" + index + "] was not checked completely");
        }
        return new BundleFile(path, contentType, bytes, stored, spilled);
    }
}
