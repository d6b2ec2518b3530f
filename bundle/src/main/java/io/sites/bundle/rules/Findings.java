package io.sites.bundle.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.site.policy.ContentPolicy.Load;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the violations of one file (each rule listed at most {@link Listed#PER_RULE_AND_FILE} times, the rest
 * counted), and hands the references it makes to the link check.
 *
 * <p>{@code shownPath} is the path as the client sent it, used in violations and messages; {@code servedPath} the
 * normalised path, used to compute relative references in hints and to resolve the file's references.
 */
public final class Findings {

    private final String shownPath;
    private final String servedPath;
    private final List<Violation> violations;
    /** How often each rule was broken, and how often beyond what is listed. */
    private final Map<String, Integer> broken = new HashMap<>();
    private final Map<String, Integer> unlisted = new LinkedHashMap<>();
    /** Judges the file's references, or null when they are not checked (no bundle, or the file's path is invalid). */
    private LinkCheck links;
    /** Judges the addresses the file loads from against the sites' policy, or null when they are not judged. */
    private OriginCheck origins;
    /** The URL path relative references resolve against: the file's own until a {@code <base href>} says else. */
    private String referenceBase;
    private boolean referencesOff;
    /** Keeps what the rules find for a later publish of the same bytes, or null when nothing is kept. */
    private FileFindings.Recorder recorder;

    public Findings(String shownPath, String servedPath, List<Violation> violations) {
        this.shownPath = shownPath;
        this.servedPath = servedPath;
        this.violations = violations;
    }

    public Findings(String shownPath, String servedPath) {
        this(shownPath, servedPath, new ArrayList<>());
    }

    public String shownPath() {
        return shownPath;
    }

    public String servedPath() {
        return servedPath;
    }

    /** The listed violations, then one entry per rule broken more often than is listed. */
    public List<Violation> violations() {
        if (unlisted.isEmpty()) {
            return violations;
        }
        List<Violation> all = new ArrayList<>(violations);
        unlisted.forEach((code, more) -> all.add(Listed.moreViolations(code, shownPath, file(), more)));
        return all;
    }

    /** Has the file's references judged by this link check as the rules meet them. */
    public void checkLinks(LinkCheck check) {
        links = check;
    }

    /** Has the addresses the file loads from judged by this policy check as the rules meet them. */
    public void checkOrigins(OriginCheck check) {
        origins = check;
    }

    /**
     * An address the file loads from as {@code load} (not a link to follow): judged against the sites' policy
     * whatever the document's base, since only absolute addresses can be blocked.
     */
    void load(int line, String target, Load load) {
        if (recorder != null && target != null) {
            recorder.load(line, target, load);
        }
        if (origins != null && target != null) {
            origins.check(this, line, target, load);
        }
    }

    /** Keeps, from now on, what the rules find that other files can change the verdict on ({@link #recorded}). */
    public void record() {
        recorder = new FileFindings.Recorder(LinkCheck.urlPath(servedPath));
    }

    /** What was kept since {@link #record}, or null when nothing was. */
    public FileFindings recorded() {
        return recorder == null ? null : recorder.findings();
    }

    /**
     * Judges what the rules found in these bytes before, as their pass over them would judge it now: each
     * reference against this bundle's paths and each blocked load, in document order.
     */
    public void replay(FileFindings found) {
        String own = LinkCheck.urlPath(servedPath);
        for (FileFindings.Reference r : found.references()) {
            if (links != null) {
                links.check(this, r.line(), r.target(), r.base() != null ? r.base() : own);
            }
        }
        for (FileFindings.Blocked b : found.blocked()) {
            if (origins != null) {
                origins.check(this, b.line(), b.target(), b.load());
            }
        }
    }

    public void add(ViolationCode code, String message, String detail) {
        add(Violation.of(code, shownPath, message, detail));
    }

    public void add(Violation violation) {
        if (broken.merge(violation.code(), 1, Integer::sum) <= Listed.PER_RULE_AND_FILE) {
            violations.add(violation);
        } else {
            unlisted.merge(violation.code(), 1, Integer::sum);
        }
    }

    /** A reference the file makes; blank URLs and those of a document with an external base are not checked. */
    void reference(int line, String target) {
        if ((links != null || recorder != null) && !referencesOff && target != null && !target.isBlank()) {
            if (referenceBase == null) {
                referenceBase = LinkCheck.urlPath(servedPath);
            }
            if (recorder != null) {
                recorder.reference(line, target, referenceBase);
            }
            if (links != null) {
                links.check(this, line, target, referenceBase);
            }
        }
    }

    /** The URL path references resolve against, escaped as in a URL: the file's own unless a base was set. */
    String referenceBase() {
        return referenceBase != null ? referenceBase : LinkCheck.urlPath(servedPath);
    }

    /** A {@code <base href>} into the site: relative references resolve against this URL path from now on. */
    void referenceBase(String urlPath) {
        referenceBase = urlPath;
    }

    /** A {@code <base href>} outside the site: the document's references leave it, so none are checked. */
    void referencesOff() {
        referencesOff = true;
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
