package io.sites.bundle;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.code.Warning;
import io.sites.bundle.rules.AuthoringRules;
import io.sites.bundle.rules.Codes;
import io.sites.bundle.rules.FileFindings;
import io.sites.bundle.rules.Findings;
import io.sites.bundle.rules.LinkCheck;
import io.sites.bundle.rules.OriginCheck;
import io.sites.bundle.rules.Listed;
import io.sites.bundle.rules.PathRules;
import io.sites.bundle.rules.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns the files a client sent into a checked {@link Bundle}, or rejects them with every violation at once. The one
 * place where REST, MCP and the web app check bundles.
 *
 * <p>Per file: body and encoding, path rules, duplicates, content type, size, and the authoring rules (no external
 * scripts or styles, no frames, no service workers). Per bundle: remote file count, total size, page count and
 * index.html. Violations come per file in the order the files were sent, within a file by rule, then the
 * bundle-wide ones.
 *
 * <p>Beside them, warnings that never block: the link check (BROKEN_LINK) judges each reference as the HTML and CSS
 * rules meet it on their one pass over a file, so no document is parsed twice; every path is checked first, so the
 * check knows them all. On the same pass the policy check (BLOCKED_ORIGIN) judges each address a page, stylesheet or
 * script loads from against the sites' Content-Security-Policy. They are on the {@link Bundle}
 * and, for a dry run that failed, on the {@link BundleInvalidException}.
 *
 * <p>Findings by content: a stored file (named by digest, uploaded or fetched) whose findings an earlier publish kept
 * ({@link RemoteFiles#knownFindings}) is not read back nor parsed; its references and blocked loads are replayed
 * against this bundle's paths in its place, so a republish of 100,000 unchanged files reads none of them. Every file
 * is resolved first, then the keys are asked for at once, then the files are checked in order.
 */
public final class BundleReader {

    private final BundleLimits limits;
    private final RemoteFiles remoteFiles;
    private final BundleWideChecks bundleWide;

    public BundleReader(BundleLimits limits, RemoteFiles remoteFiles) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.remoteFiles = Objects.requireNonNull(remoteFiles, "remoteFiles");
        this.bundleWide = new BundleWideChecks(limits);
    }

    /**
     * @return the checked bundle, paths normalised and content types settled
     * @throws BundleInvalidException listing every violation when the files break any rule
     */
    public Bundle read(List<FileInput> files) {
        return read(files, remoteFiles);
    }

    /**
     * As {@link #read(List)}, with the remote files of one publish resolved by {@code remote}: upload slots belong to
     * the calling account, so the publish path passes a resolver bound to it. Content an adapter decoded while it
     * read the request ({@link FileSource.Decoded}) gets exactly the checks and messages its text would have got.
     *
     * @param files the bundle in the order it was sent; an entry is null where the client sent no file object
     */
    public Bundle read(List<FileInput> files, RemoteFiles remote) {
        Objects.requireNonNull(remote, "remote");
        List<FileInput> input = files == null ? List.of() : files;
        long remoteCount = input.stream().filter(f -> f != null && FileBody.isRemote(f)).count();
        boolean resolveRemote = remoteCount <= limits.remoteFiles();
        if (resolveRemote && remoteCount > 0) {
            remote.prepare(toResolve(input));
        }
        List<FileEntry> entries = new ArrayList<>(input.size());
        for (int i = 0; i < input.size(); i++) {
            entries.add(entry(i, input.get(i)));
        }
        // Every path is known before any file is read, so each reference is judged while the rules hold it.
        LinkCheck links = linkCheck(entries);
        OriginCheck origins = new OriginCheck();
        entries.forEach(e -> e.findings.checkOrigins(origins));
        for (FileEntry e : entries) {
            if (e.file != null) {
                readFile(e, remote, resolveRemote);
            }
        }
        Map<ContentKey, FileFindings> known = knownFindings(entries, remote);
        List<Bundle.Checked> checked = new ArrayList<>();
        for (FileEntry e : entries) {
            if (e.file != null) {
                checkFile(e, known, checked);
            }
        }
        BundleWideChecks.markDuplicates(entries);
        SiteRulesCheck.check(entries);

        List<Violation> violations = perFile(entries);
        if (!resolveRemote) {
            violations.add(bundleWide.tooManyRemoteFiles(remoteCount));
        }
        bundleWide.bundleTooLarge(entries).ifPresent(violations::add);
        bundleWide.tooManyPages(entries).ifPresent(violations::add);
        BundleWideChecks.missingIndex(entries).ifPresent(violations::add);
        List<Warning> warnings = new ArrayList<>(links.warnings());
        warnings.addAll(origins.warnings());
        warnings = Listed.warnings(warnings);
        if (!violations.isEmpty()) {
            throw new BundleInvalidException(Listed.violations(violations), warnings,
                    entries.stream().mapToLong(e -> Math.max(e.size, 0)).sum());
        }
        return new Bundle(entries.stream().map(FileEntry::toFile).toList(), warnings, checked);
    }

    /**
     * Files sent ahead of a publish (uploadFiles): each checked exactly as a bundle's file is (path, body and
     * encoding, content type, size, the authoring rules), across files only for a path sent twice. The rest (total
     * size, pages, index.html, links, site rules) belongs to the bundle a publish makes of them, checked then. Only
     * inline content: a file named by sourceUrl, uploadKey or digest has nothing to send ahead.
     *
     * @return the files, and the findings of each, to keep by content (their verdict then replays at the publish)
     * @throws BundleInvalidException listing every file's violations
     */
    public Bundle readFiles(List<FileInput> files) {
        List<FileInput> input = files == null ? List.of() : files;
        List<FileEntry> entries = new ArrayList<>(input.size());
        for (int i = 0; i < input.size(); i++) {
            entries.add(entry(i, input.get(i)));
        }
        for (FileEntry e : entries) {
            if (e.file == null) {
                continue;
            }
            if (FileBody.isRemote(e.file) || e.file.source() instanceof FileSource.StoredBlob) {
                e.findings.add(ViolationCode.INVALID_FILE, "File " + e.findings.file() + " is not sent inline;"
                        + " files sent ahead carry their bytes.", "Send its content (text, or base64 with"
                        + " contentEncoding), or leave it out: a publish can name it by sourceUrl, uploadKey or digest.");
            } else {
                readFile(e, remoteFiles, false);
            }
        }
        List<Bundle.Checked> checked = new ArrayList<>();
        for (FileEntry e : entries) {
            if (e.file != null && e.findings.violations().isEmpty()) {
                checkFile(e, Map.of(), checked);
            }
        }
        BundleWideChecks.markDuplicates(entries);
        List<Violation> violations = perFile(entries);
        if (!violations.isEmpty()) {
            throw new BundleInvalidException(Listed.violations(violations), List.of(),
                    entries.stream().mapToLong(e -> Math.max(e.size, 0)).sum());
        }
        return new Bundle(entries.stream().map(FileEntry::toFile).toList(), List.of(), checked);
    }

    /**
     * What a file will be published as, checked by the same path and content-type rules as a bundle file.
     *
     * @param path        the normalised path, or null when the path is missing
     * @param contentType the type it will be served with (inferred from the path when none was declared)
     * @param violations  every rule the path or the declared type breaks; empty when publishable
     */
    public record Target(String path, String contentType, List<Violation> violations) {
        public Target {
            violations = List.copyOf(violations);
        }
    }

    /** Checks a path and an optional declared type ahead of the bytes, as upload slots need. */
    public Target checkTarget(String path, String contentType) {
        FileInput file = new FileInput(path, contentType, new FileSource.Bytes(new byte[0]));
        PathRules.Checked checked = PathRules.check(path);
        String hintPath = checked.valid() ? checked.normalized() : PathRules.suggest(path);
        FileEntry e = new FileEntry(0, file,
                new Findings(path, hintPath != null ? hintPath : checked.normalized()));
        e.path = checked.normalized();
        e.pathValid = checked.valid();
        checked.problems().forEach(p -> e.findings.add(ViolationCode.INVALID_PATH, p.message(), p.detail()));
        if (e.path != null) {
            ContentTypeCheck.settle(e, null);
        }
        return new Target(e.path, e.contentType, e.findings.violations());
    }

    // ---- one file --------------------------------------------------------------------------------------------

    /** A file's entry with its path checked; its body is read later, by {@link #readFile}. */
    private static FileEntry entry(int index, FileInput file) {
        if (file == null) {
            FileEntry e = new FileEntry(index, null, new Findings(null, null));
            e.findings.add(ViolationCode.INVALID_FILE,
                    "files[" + index + "] is null; every entry of files must be a file object.",
                    "Replace files[" + index + "] by an object with a path and exactly one of content, sourceUrl or "
                            + "uploadKey, or remove it.");
            return e;
        }
        PathRules.Checked checked = PathRules.check(file.path());
        // Hints about relative references are computed from where the file will be once its path is repaired.
        String hintPath = checked.valid() ? checked.normalized() : PathRules.suggest(file.path());
        FileEntry e = new FileEntry(index, file,
                new Findings(file.path(), hintPath != null ? hintPath : checked.normalized()));
        Findings out = e.findings;
        e.path = checked.normalized();
        e.pathValid = checked.valid();
        checked.problems().forEach(p -> out.add(ViolationCode.INVALID_PATH, p.message(), p.detail()));
        return e;
    }

    /** @param fetch whether sourceUrl and uploadKey files are resolved (digests always are: nothing is fetched) */
    private void readFile(FileEntry e, RemoteFiles remote, boolean fetch) {
        Findings out = e.findings;
        long fileLimit = fileLimit();
        String hint = FileBody.read(e, remote, fetch, fileLimit);
        if (e.path != null) {
            ContentTypeCheck.settle(e, hint);
        }
        if (e.size > fileLimit) {
            e.bytes = null;
            e.stored = null;
            e.spilled = null;
            out.add(ViolationCode.FILE_TOO_LARGE,
                    "File " + out.file() + " is " + Text.bytes(e.size) + " after decoding; the limit is "
                            + Text.bytes(limits.fileBytes()) + BundleWideChecks.human(limits.fileBytes())
                            + " per file.",
                    "Make the file at most " + Text.bytes(limits.fileBytes()) + ": compress or scale down "
                            + "images and videos, or split large data into several files.");
        }
    }

    /**
     * The authoring rules over one file's bytes, read back from where they wait when the rules (or the site rules
     * check) need them; or, for a stored file whose findings were kept ({@code known}), those findings replayed
     * without reading a byte. A file checked from its bytes without a violation adds its findings to
     * {@code checked}, to be kept once the publish is accepted.
     */
    private void checkFile(FileEntry e, Map<ContentKey, FileFindings> known, List<Bundle.Checked> checked) {
        if (e.contentType == null) {
            return;
        }
        String essence = ContentTypeCheck.scanEssence(e);
        boolean rules = e.pathValid && SiteRulesCheck.isRulesFile(e.path) && e.size <= fileLimit();
        boolean reusable = reusable(e, essence);
        FileFindings found = reusable && e.stored != null
                ? known.get(new ContentKey(e.stored.sha256(), e.path, essence)) : null;
        if (found != null) {
            e.findings.replay(found);
            return;
        }
        if (e.stored != null && (rules || AuthoringRules.scans(essence))) {
            e.bytes = FileBody.readStored(e);
        }
        if (e.spilled != null && (rules || AuthoringRules.scans(essence))) {
            e.bytes = FileBody.readSpilled(e);
        }
        if (e.bytes != null) {
            if (reusable) {
                e.findings.record();
            }
            AuthoringRules.check(essence, e.bytes, e.findings);
            if (reusable && e.findings.violations().isEmpty()) {
                checked.add(new Bundle.Checked(e.index, essence, e.findings.recorded()));
            }
        }
    }

    /**
     * Whether a file's findings may be kept and replayed: they are its own (a valid path, not a site rules file,
     * whose verdict needs the other paths), the rules scan it, and nothing else was found in it before.
     */
    private boolean reusable(FileEntry e, String essence) {
        return e.pathValid && !SiteRulesCheck.isRulesFile(e.path) && e.size <= fileLimit()
                && AuthoringRules.scans(essence) && e.findings.violations().isEmpty();
    }

    /** Every file's violations, file by file in the order sent, within a file by rule. */
    private static List<Violation> perFile(List<FileEntry> entries) {
        List<Violation> violations = new ArrayList<>();
        for (FileEntry e : entries) {
            List<Violation> own = new ArrayList<>(e.findings.violations());
            own.sort(Comparator.comparingInt(v -> Codes.rank(v.code()))); // stable: keeps document order per rule
            violations.addAll(own);
        }
        return violations;
    }

    /** The findings kept for the stored files that may replay theirs, asked for all of them at once. */
    private Map<ContentKey, FileFindings> knownFindings(List<FileEntry> entries, RemoteFiles remote) {
        List<ContentKey> keys = new ArrayList<>();
        for (FileEntry e : entries) {
            if (e.file != null && e.stored != null && e.contentType != null) {
                String essence = ContentTypeCheck.scanEssence(e);
                if (reusable(e, essence)) {
                    keys.add(new ContentKey(e.stored.sha256(), e.path, essence));
                }
            }
        }
        return keys.isEmpty() ? Map.of() : remote.knownFindings(keys);
    }

    private long fileLimit() {
        return Math.min(limits.fileBytes(), Integer.MAX_VALUE - 16L);
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** The link check against every valid path, given to the files with one: their references are judged. */
    private static LinkCheck linkCheck(List<FileEntry> entries) {
        Set<String> paths = new HashSet<>();
        for (FileEntry e : entries) {
            if (e.path != null && e.pathValid) {
                paths.add(e.path);
            }
        }
        LinkCheck links = new LinkCheck(paths);
        for (FileEntry e : entries) {
            if (e.path != null && e.pathValid) {
                e.findings.checkLinks(links);
            }
        }
        return links;
    }

    /** Exactly the remote files readFile will resolve: one body, fetched or uploaded (not a digest), a valid path. */
    private static List<RemoteFiles.Request> toResolve(List<FileInput> input) {
        List<RemoteFiles.Request> requests = new ArrayList<>();
        for (FileInput f : input) {
            FileInput remote = f == null ? null : FileBody.remoteInput(f);
            if (remote == null || remote.source() instanceof FileSource.StoredBlob) {
                continue;
            }
            PathRules.Checked checked = PathRules.check(f.path());
            if (checked.valid()) {
                requests.add(new RemoteFiles.Request(checked.normalized(), remote));
            }
        }
        return requests;
    }
}
