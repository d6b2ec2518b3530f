package io.sites.api.code;

/**
 * Every violation code a publish, an upload request or the web application's bundle reading reports, with what it
 * means: the one catalogue that docs/DECISIONS.md's violation list agrees with (CodeCatalogueDocumentsTest holds
 * it). The wire string is the constant's name.
 */
public enum ViolationCode {
    // Bundle rules, per file (their order of report within a file is the bundle's Codes.rank).
    INVALID_FILE("Not exactly one of content, sourceUrl, uploadKey and sha256, or a sha256 that is no digest."),
    INVALID_ENCODING("The content is not valid UTF-8 or base64 as declared."),
    SOURCE_NOT_SUPPORTED("A sourceUrl or uploadKey given to a reader that resolves none."),
    INVALID_PATH("The path is not a publishable relative path."),
    DUPLICATE_PATH("Two files name the same path."),
    CONTENT_TYPE_MISMATCH("The contentType does not fit the path's extension."),
    FILE_TOO_LARGE("A file is above the per-file limit."),
    EXTERNAL_URL("A script, stylesheet or import points to another origin."),
    IFRAME("An iframe, frame or embedded document."),
    SERVICE_WORKER("A service worker registration."),
    // Bundle rules, for the whole bundle.
    TOO_MANY_REMOTE_FILES("More sourceUrl/uploadKey files than one publish may have."),
    BUNDLE_TOO_LARGE("All files together are above the bundle limit."),
    TOO_MANY_PAGES("More HTML pages than a bundle may have."),
    MISSING_INDEX("No index.html at the root."),
    // sha256 files and edits against a base version.
    UNKNOWN_DIGEST("No blob this account stored (or of this website's versions) has the sha256."),
    UNKNOWN_DELETE_PATH("deletePaths names a path the base version does not have."),
    // uploadKey files.
    UPLOAD_UNKNOWN("No upload slot of this account has the key."),
    UPLOAD_EXPIRED("The upload slot expired."),
    UPLOAD_USED("Another publish used the upload slot."),
    UPLOAD_MISSING("The slot's bytes were never PUT."),
    UPLOAD_PATH_MISMATCH("The slot was allocated for another path."),
    // sourceUrl files.
    SOURCE_URL_INVALID("Not an absolute https URL without user info."),
    SOURCE_ADDRESS_FORBIDDEN("The host is or resolves to a non-public address."),
    SOURCE_UNREACHABLE("DNS, connect, TLS or timeout failure."),
    SOURCE_HTTP_ERROR("A status other than 2xx, a compressed body or a broken response."),
    SOURCE_TOO_MANY_REDIRECTS("More redirects than are followed."),
    // The web application's zip upload.
    ZIP_INVALID("The upload is not a readable zip archive, or holds no files."),
    ZIP_TOO_MANY_ENTRIES("The archive has more entries than are read."),
    ZIP_RATIO_TOO_HIGH("The archive unpacks to more times its own size than an archive may (as a zip bomb does)."),
    // The site rules files _redirects and _headers (each violation names its line).
    REDIRECT_INVALID("A _redirects line is malformed, has an unknown status, rewrites to another site, names a "
            + "placeholder its path lacks, uses an unsupported Netlify feature, or can never match."),
    REDIRECT_LOOP("Redirects that lead back to where they started."),
    REDIRECT_TARGET_MISSING("A rewrite (200) or error page (404, 410) names a file the bundle does not have."),
    HEADER_INVALID("A _headers line is malformed: no path before it, not Name: value, or not printable ASCII."),
    HEADER_FORBIDDEN("A _headers rule sets a header the server owns: cookies, the security policy, hop-by-hop "
            + "or length headers, Clear-Site-Data."),
    HEADERS_TOO_LARGE("A _headers value, or the headers the blocks matching one path add together, above their "
            + "limits."),
    TOO_MANY_RULES("More than 1,000 rules in _redirects or _headers, or more than 1 MiB in either file.");

    private final String meaning;

    ViolationCode(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }
}
