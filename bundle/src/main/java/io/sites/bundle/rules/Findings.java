package io.sites.bundle.rules;

import io.sites.api.Violation;
import io.sites.api.ViolationCode;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the violations of one file.
 *
 * @param shownPath  the path as the client sent it, used in violations and messages
 * @param servedPath the normalised path, used to compute relative references in hints
 */
public record Findings(String shownPath, String servedPath, List<Violation> violations) {

    public Findings(String shownPath, String servedPath) {
        this(shownPath, servedPath, new ArrayList<>());
    }

    public void add(ViolationCode code, String message, String detail) {
        violations.add(Violation.of(code, shownPath, message, detail));
    }

    public void add(Violation violation) {
        violations.add(violation);
    }

    /** The file's path in quotes, for messages. */
    public String file() {
        return Text.quote(shownPath);
    }

    /** A path from this file to a site path, as written in an HTML attribute or CSS url(). */
    String relativeTo(String sitePath) {
        return UrlRef.relativize(servedPath == null ? "" : servedPath, sitePath);
    }

    /** A module specifier from this file to a site path: relative, starting with "./" or "../". */
    String moduleSpecifier(String sitePath) {
        String rel = relativeTo(sitePath);
        return rel.startsWith("../") ? rel : "./" + rel;
    }
}
