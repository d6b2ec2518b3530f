package io.sites.bundle.rules;

import java.util.List;

/** The violation codes of the bundle pipeline, in the order violations of one file are reported. */
public final class Codes {

    public static final String INVALID_FILE = "INVALID_FILE";
    public static final String INVALID_ENCODING = "INVALID_ENCODING";
    public static final String SOURCE_NOT_SUPPORTED = "SOURCE_NOT_SUPPORTED";
    public static final String INVALID_PATH = "INVALID_PATH";
    public static final String DUPLICATE_PATH = "DUPLICATE_PATH";
    public static final String CONTENT_TYPE_MISMATCH = "CONTENT_TYPE_MISMATCH";
    public static final String FILE_TOO_LARGE = "FILE_TOO_LARGE";
    static final String EXTERNAL_URL = "EXTERNAL_URL";
    static final String IFRAME = "IFRAME";
    static final String SERVICE_WORKER = "SERVICE_WORKER";

    // Bundle-level codes, reported after all file-level ones.
    public static final String TOO_MANY_REMOTE_FILES = "TOO_MANY_REMOTE_FILES";
    public static final String BUNDLE_TOO_LARGE = "BUNDLE_TOO_LARGE";
    public static final String TOO_MANY_PAGES = "TOO_MANY_PAGES";
    public static final String MISSING_INDEX = "MISSING_INDEX";

    /** Rank of a code within one file's violations; codes from a RemoteFiles implementation come with the source. */
    static final List<String> FILE_ORDER = List.of(
            INVALID_FILE, INVALID_ENCODING, SOURCE_NOT_SUPPORTED, INVALID_PATH, DUPLICATE_PATH,
            CONTENT_TYPE_MISMATCH, FILE_TOO_LARGE, EXTERNAL_URL, IFRAME, SERVICE_WORKER);

    public static int rank(String code) {
        int i = FILE_ORDER.indexOf(code);
        return i < 0 ? FILE_ORDER.indexOf(SOURCE_NOT_SUPPORTED) : i;
    }

    private Codes() {}
}
