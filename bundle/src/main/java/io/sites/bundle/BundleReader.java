package io.sites.bundle;

import io.sites.api.Violation;
import io.sites.api.blob.BlobRef;
import io.sites.api.json.PublishFile;
import io.sites.bundle.decode.Base64Text;
import io.sites.bundle.rules.AuthoringRules;
import io.sites.bundle.rules.Codes;
import io.sites.bundle.rules.ContentTypes;
import io.sites.bundle.rules.Findings;
import io.sites.bundle.rules.MediaType;
import io.sites.bundle.rules.PathRules;
import io.sites.bundle.rules.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns the files a client sent into a checked {@link Bundle}, or rejects them with every violation at once. The one
 * place where REST, MCP and the web app check bundles.
 *
 * <p>Per file: body and encoding, path rules, duplicates, content type, size, and the authoring rules (no external
 * scripts or styles, no frames, no service workers). Per bundle: remote file count, total size, page count and
 * index.html. Violations come per file in the order the files were sent, within a file by rule, then the
 * bundle-wide ones.
 */
public final class BundleReader {

    private static final int LISTED = 20;

    private final BundleLimits limits;
    private final RemoteFiles remoteFiles;

    public BundleReader(BundleLimits limits, RemoteFiles remoteFiles) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.remoteFiles = Objects.requireNonNull(remoteFiles, "remoteFiles");
    }

    /**
     * @return the checked bundle, paths normalised and content types settled
     * @throws BundleInvalidException listing every violation when the files break any rule
     */
    public Bundle read(List<PublishFile> files) {
        return read(files, remoteFiles);
    }

    /**
     * As {@link #read(List)}, with the remote files of one publish resolved by {@code remote}: upload slots belong to
     * the calling account, so the publish path passes a resolver bound to it.
     */
    public Bundle read(List<PublishFile> files, RemoteFiles remote) {
        return read(files, remote, Map.of());
    }

    /**
     * As {@link #read(List, RemoteFiles)}, with the inline content of some files already decoded by the adapter that
     * read the request ({@code decoded}, by index in {@code files}): such a file has no {@code content} text, and
     * its decoded content gets exactly the checks and messages the text would have got.
     */
    public Bundle read(List<PublishFile> files, RemoteFiles remote, Map<Integer, DecodedContent> decoded) {
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(decoded, "decoded");
        List<PublishFile> input = files == null ? List.of() : files;
        long remoteCount = input.stream().filter(f -> f != null && isRemote(f)).count();
        boolean resolveRemote = remoteCount <= limits.remoteFiles();
        if (resolveRemote && remoteCount > 0) {
            remote.prepare(toResolve(input, decoded));
        }
        List<Entry> entries = new ArrayList<>(input.size());
        for (int i = 0; i < input.size(); i++) {
            entries.add(readFile(i, input.get(i), decoded.get(i), resolveRemote ? remote : null));
        }
        markDuplicates(entries);

        List<Violation> violations = new ArrayList<>();
        for (Entry e : entries) {
            List<Violation> own = new ArrayList<>(e.findings.violations());
            own.sort(Comparator.comparingInt(v -> Codes.rank(v.code()))); // stable: keeps document order per rule
            violations.addAll(own);
        }
        if (!resolveRemote) {
            violations.add(tooManyRemoteFiles(remoteCount));
        }
        bundleTooLarge(entries).ifPresent(violations::add);
        tooManyPages(entries).ifPresent(violations::add);
        missingIndex(entries).ifPresent(violations::add);
        if (!violations.isEmpty()) {
            throw new BundleInvalidException(violations);
        }
        return new Bundle(entries.stream().map(Entry::toFile).toList());
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
        PublishFile file = new PublishFile(path, null, null, contentType, null, null);
        PathRules.Checked checked = PathRules.check(path);
        String hintPath = checked.valid() ? checked.normalized() : PathRules.suggest(path);
        Entry e = new Entry(0, file, new Findings(path, hintPath != null ? hintPath : checked.normalized()));
        e.path = checked.normalized();
        e.pathValid = checked.valid();
        checked.problems().forEach(p -> e.findings.add(Codes.INVALID_PATH, p.message(), p.detail()));
        if (e.path != null) {
            settleContentType(e, null);
        }
        return new Target(e.path, e.contentType, e.findings.violations());
    }

    /** One file on its way through the checks. */
    private static final class Entry {
        final int index;
        final PublishFile file;
        final Findings findings;
        String path;
        boolean pathValid;
        long size = -1;
        byte[] bytes;
        BlobRef stored;
        DecodedContent.Spilled spilled;
        RemoteFiles.Contents storedContents;
        String contentType;

        Entry(int index, PublishFile file, Findings findings) {
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

    // ---- one file --------------------------------------------------------------------------------------------

    private Entry readFile(int index, PublishFile file, DecodedContent decoded, RemoteFiles remote) {
        if (file == null) {
            Entry e = new Entry(index, null, new Findings(null, null));
            e.findings.add(Codes.INVALID_FILE,
                    "files[" + index + "] is null; every entry of files must be a file object.",
                    "Replace files[" + index + "] by an object with a path and exactly one of content, sourceUrl or "
                            + "uploadKey, or remove it.");
            return e;
        }
        PathRules.Checked checked = PathRules.check(file.path());
        // Hints about relative references are computed from where the file will be once its path is repaired.
        String hintPath = checked.valid() ? checked.normalized() : PathRules.suggest(file.path());
        Entry e = new Entry(index, file,
                new Findings(file.path(), hintPath != null ? hintPath : checked.normalized()));
        Findings out = e.findings;
        e.path = checked.normalized();
        e.pathValid = checked.valid();
        checked.problems().forEach(p -> out.add(Codes.INVALID_PATH, p.message(), p.detail()));

        boolean base64 = "base64".equals(file.contentEncoding());
        boolean encodingKnown = file.contentEncoding() == null || base64 || "utf8".equals(file.contentEncoding());
        if (!encodingKnown) {
            out.add(Codes.INVALID_ENCODING,
                    "File " + out.file() + " has contentEncoding " + Text.quote(file.contentEncoding())
                            + ", which is not one of \"utf8\" and \"base64\".",
                    encodingFix(file.contentEncoding()));
        }

        List<String> bodies = new ArrayList<>(3);
        boolean content = file.content() != null || decoded != null;
        if (content) {
            bodies.add("content");
        }
        if (present(file.sourceUrl())) {
            bodies.add("sourceUrl");
        }
        if (present(file.uploadKey())) {
            bodies.add("uploadKey");
        }
        String hint = null;
        if (bodies.isEmpty()) {
            out.add(Codes.INVALID_FILE,
                    "File " + out.file() + " has no body: exactly one of content, sourceUrl or uploadKey is required.",
                    "Put the file's text in content (UTF-8), or its bytes base64-encoded in content with "
                            + "contentEncoding \"base64\". An empty file is content \"\".");
        } else if (bodies.size() > 1) {
            out.add(Codes.INVALID_FILE,
                    "File " + out.file() + " has more than one body (" + String.join(" and ", bodies)
                            + "); exactly one of content, sourceUrl or uploadKey is allowed.",
                    "Keep only one of " + String.join(", ", bodies) + " and remove the other"
                            + (bodies.size() > 2 ? "s" : "") + ".");
        } else if (content) {
            if (encodingKnown && decoded != null) {
                readDecoded(e, decoded);
            } else if (encodingKnown) {
                readContent(e, base64);
            }
        } else if (remote != null && e.pathValid) {
            hint = resolve(e, remote);
        }

        if (e.path != null) {
            settleContentType(e, hint);
        }
        long fileLimit = Math.min(limits.fileBytes(), Integer.MAX_VALUE - 16L);
        if (e.size > fileLimit) {
            e.bytes = null;
            e.stored = null;
            e.spilled = null;
            out.add(Codes.FILE_TOO_LARGE,
                    "File " + out.file() + " is " + Text.bytes(e.size) + " after decoding; the limit is "
                            + Text.bytes(limits.fileBytes()) + human(limits.fileBytes()) + " per file.",
                    "Make the file at most " + Text.bytes(limits.fileBytes()) + ": compress or scale down "
                            + "images and videos, or split large data into several files.");
        }
        if (e.stored != null && e.contentType != null && AuthoringRules.scans(scanEssence(e))) {
            e.bytes = readStored(e);
        }
        if (e.spilled != null && e.contentType != null && AuthoringRules.scans(scanEssence(e))) {
            e.bytes = readSpilled(e);
        }
        if (e.bytes != null && e.contentType != null) {
            AuthoringRules.check(scanEssence(e), e.bytes, out);
        }
        return e;
    }

    private void readContent(Entry e, boolean base64) {
        String content = e.file.content();
        long fileLimit = Math.min(limits.fileBytes(), Integer.MAX_VALUE - 16L);
        if (base64) {
            // Almost every client sends plain padded base64: the JDK's intrinsic decoder reads it about ten times
            // faster. Anything else (whitespace, mixed alphabets, errors) takes the careful path below.
            byte[] fast = content.length() / 4L * 3 <= fileLimit ? Base64Text.decodeStrict(content) : null;
            if (fast != null) {
                e.size = fast.length;
                e.bytes = fast;
                return;
            }
            Base64Text.Inspection inspection = Base64Text.inspect(content);
            if (!inspection.valid()) {
                notBase64(e, inspection.problem());
                return;
            }
            e.size = inspection.decodedLength();
            if (e.size <= fileLimit) {
                e.bytes = Base64Text.decode(content, (int) e.size);
            }
            return;
        }
        int bad = firstUnpairedSurrogate(content);
        if (bad >= 0) {
            unpairedSurrogate(e, content.charAt(bad), position(content, bad));
            return;
        }
        e.size = utf8Length(content);
        if (e.size <= fileLimit) {
            e.bytes = content.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Content the adapter decoded while reading the request: the same verdicts as {@link #readContent}. */
    private static void readDecoded(Entry e, DecodedContent decoded) {
        switch (decoded) {
            case DecodedContent.Held held -> {
                e.size = held.bytes().length;
                e.bytes = held.bytes();
            }
            case DecodedContent.Spilled spilled -> {
                e.size = spilled.size();
                e.spilled = spilled;
            }
            case DecodedContent.Oversized oversized -> e.size = oversized.size();
            case DecodedContent.NotBase64 invalid -> notBase64(e, invalid.problem());
            case DecodedContent.UnpairedSurrogate unpaired -> unpairedSurrogate(e, unpaired.surrogate(),
                    unpaired.where());
        }
    }

    private static void notBase64(Entry e, String problem) {
        e.findings.add(Codes.INVALID_ENCODING,
                "File " + e.findings.file() + " is declared as base64 (contentEncoding \"base64\"), but its "
                        + "content is not valid base64.",
                capitalize(problem) + " Encode the file's bytes with standard base64 and send "
                        + "only the encoded text; for a text file you can instead send the text itself and "
                        + "omit contentEncoding.");
    }

    private static void unpairedSurrogate(Entry e, char surrogate, String where) {
        e.findings.add(Codes.INVALID_ENCODING,
                "File " + e.findings.file() + " contains an unpaired UTF-16 surrogate ("
                        + Text.codePoint(surrogate) + ") at " + where + ", which is not valid Unicode "
                        + "text and cannot be stored as UTF-8.",
                "Remove or replace the character at " + where + " (often half of an emoji that was cut off). If "
                        + "the file is binary, send it base64-encoded with contentEncoding \"base64\".");
    }

    private static byte[] readSpilled(Entry e) {
        try {
            return java.nio.file.Files.readAllBytes(e.spilled.file());
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not read back " + e.path, failed);
        }
    }

    /** Resolves a remote file; returns the type the source declared, or null. */
    private String resolve(Entry e, RemoteFiles remote) {
        RemoteFiles.Resolved resolved = remote.resolve(e.path, e.file);
        switch (Objects.requireNonNull(resolved, "RemoteFiles answered null")) {
            case RemoteFiles.Fetched fetched -> {
                e.bytes = fetched.bytes();
                e.size = fetched.bytes().length;
                return fetched.contentType();
            }
            case RemoteFiles.Stored stored -> {
                e.stored = stored.blob();
                e.storedContents = stored.contents();
                e.size = stored.blob().size();
                return stored.contentType();
            }
            case RemoteFiles.Rejected rejected -> {
                Violation v = rejected.violation();
                e.findings.add(v.path() != null ? v : Violation.of(v.code(), e.file.path(), v.message(), v.detail()));
                return null;
            }
        }
    }

    private static byte[] readStored(Entry e) {
        try {
            return e.storedContents.read();
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not read back " + e.path, failed);
        }
    }

    private void settleContentType(Entry e, String hint) {
        String path = e.path;
        String inferred = ContentTypes.infer(path);
        String declared = e.file.contentType();
        Findings out = e.findings;
        if (declared == null || declared.isBlank()) {
            if (inferred.equals(ContentTypes.OCTET_STREAM) && hint != null) {
                Optional<MediaType> fromSource = MediaType.parse(hint);
                if (fromSource.isPresent() && !ContentTypes.isDocumentType(fromSource.get().essence())) {
                    inferred = fromSource.get().served();
                }
            }
            e.contentType = inferred;
            return;
        }
        Optional<MediaType> parsed = MediaType.parse(declared);
        if (parsed.isEmpty()) {
            out.add(Codes.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " declares contentType " + Text.quote(declared) + ", which is not a "
                            + "valid MIME type.",
                    "Write it as type/subtype, for example \"" + ContentTypes.essenceFor(path) + "\", or omit "
                            + "contentType: from the extension the file would be served as \"" + inferred + "\".");
            e.contentType = inferred;
            return;
        }
        MediaType type = parsed.get();
        String essence = type.essence();
        boolean htmlPath = ContentTypes.isHtmlPath(path);
        boolean svgPath = ContentTypes.isSvgPath(path);
        if (ContentTypes.isDocumentType(essence) && !htmlPath && !svgPath) {
            boolean svg = essence.equals("image/svg+xml");
            String renamed = withExtension(path, svg ? "svg" : "html");
            out.add(Codes.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but "
                            + (svg ? "SVG documents are accepted only on .svg paths."
                                    : "HTML documents are accepted only on .html and .htm paths."),
                    "Rename the file to " + Text.quote(renamed) + " (and update references to it), or omit "
                            + "contentType so it is served as \"" + inferred + "\".");
        } else if (htmlPath && !ContentTypes.isHtml(essence)) {
            out.add(Codes.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but .html and .htm files must be "
                            + "text/html.",
                    "Set contentType to \"text/html\" or omit it. If the file is not a web page, give it an "
                            + "extension that matches " + essence + ".");
        } else if (svgPath && !essence.equals("image/svg+xml")) {
            out.add(Codes.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but .svg files must be image/svg+xml.",
                    "Set contentType to \"image/svg+xml\" or omit it. If the file is not an SVG image, give it an "
                            + "extension that matches " + essence + ".");
        }
        e.contentType = type.served();
    }

    /** The type the authoring rules read the file as: a page or SVG by its path, otherwise as declared. */
    private static String scanEssence(Entry e) {
        String byPath = ContentTypes.essenceFor(e.path);
        return ContentTypes.isDocumentType(byPath) ? byPath : ContentTypes.essenceOf(e.contentType);
    }

    // ---- across files ----------------------------------------------------------------------------------------

    private static void markDuplicates(List<Entry> entries) {
        Map<String, Entry> first = new HashMap<>();
        for (Entry e : entries) {
            if (e.path == null) {
                continue;
            }
            Entry earlier = first.putIfAbsent(e.path, e);
            if (earlier != null) {
                boolean sameSpelling = Objects.equals(earlier.file.path(), e.file.path());
                e.findings.add(Codes.DUPLICATE_PATH,
                        "Path " + e.findings.file() + " (files[" + e.index + "]) names the same file as files["
                                + earlier.index + "]" + (sameSpelling ? "" : ", " + Text.quote(earlier.file.path()))
                                + "; every path may appear only once.",
                        "files[" + earlier.index + "] is spelled " + Text.quote(earlier.file.path())
                                + (sameSpelling ? "" : "; both become " + Text.quote(e.path)
                                        + " after normalisation")
                                + ". Keep one of the two files and remove the other, or give one a different path.");
            }
        }
    }

    private Violation tooManyRemoteFiles(long count) {
        return Violation.of(Codes.TOO_MANY_REMOTE_FILES, null,
                "The bundle gives " + count + " files by sourceUrl or uploadKey; at most " + limits.remoteFiles()
                        + " are allowed per publish.",
                "Give at most " + limits.remoteFiles() + " files by sourceUrl or uploadKey and send the others "
                        + "inline in content (binary files base64-encoded with contentEncoding \"base64\"), or drop "
                        + "files the site does not use. None of these files were fetched, so they were not checked "
                        + "further.");
    }

    private Optional<Violation> bundleTooLarge(List<Entry> entries) {
        long total = entries.stream().filter(e -> e.size > 0).mapToLong(e -> e.size).sum();
        if (total <= limits.bundleBytes()) {
            return Optional.empty();
        }
        String largest = entries.stream()
                .filter(e -> e.size > 0)
                .sorted(Comparator.comparingLong((Entry e) -> e.size).reversed())
                .limit(5)
                .map(e -> Text.quote(e.file.path()) + " (" + Text.bytes(e.size) + ")")
                .collect(Collectors.joining(", "));
        return Optional.of(Violation.of(Codes.BUNDLE_TOO_LARGE, null,
                "The bundle is " + Text.bytes(total) + " in total; the limit is " + Text.bytes(limits.bundleBytes())
                        + human(limits.bundleBytes()) + ".",
                "Remove or shrink files to save at least " + Text.bytes(total - limits.bundleBytes())
                        + ", for example by compressing images and videos. Largest files: " + largest + "."));
    }

    private Optional<Violation> tooManyPages(List<Entry> entries) {
        Set<String> pages = entries.stream()
                .map(e -> e.path)
                .filter(p -> p != null && ContentTypes.isHtmlPath(p))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (pages.size() <= limits.htmlPages()) {
            return Optional.empty();
        }
        int extra = pages.size() - limits.htmlPages();
        String listed = pages.stream().limit(LISTED).map(Text::quote).collect(Collectors.joining(", "))
                + (pages.size() > LISTED ? " and " + (pages.size() - LISTED) + " more" : "");
        return Optional.of(Violation.of(Codes.TOO_MANY_PAGES, null,
                "The bundle has " + pages.size() + " HTML pages (.html or .htm files); at most " + limits.htmlPages()
                        + " are allowed.",
                "Remove or merge " + extra + " page" + (extra == 1 ? "" : "s") + ", for example by turning short "
                        + "pages into sections of one page. Pages: " + listed + "."));
    }

    private static Optional<Violation> missingIndex(List<Entry> entries) {
        for (Entry e : entries) {
            if ("index.html".equals(e.path)) {
                return Optional.empty();
            }
            if (e.file != null && !e.pathValid && "index.html".equals(PathRules.suggest(e.file.path()))) {
                return Optional.empty(); // its INVALID_PATH already says how to spell it
            }
        }
        String candidate = entries.stream()
                .filter(e -> e.path != null)
                .map(e -> e.path)
                .filter(p -> {
                    String name = p.substring(p.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
                    return name.equals("index.html") || name.equals("index.htm");
                })
                .findFirst()
                .or(() -> entries.stream().map(e -> e.path)
                        .filter(p -> p != null && ContentTypes.isHtmlPath(p)).findFirst())
                .orElse(null);
        String detail = candidate == null
                ? "Add a file with path \"index.html\" that holds the home page."
                : "Add a file with path \"index.html\", for example by renaming " + Text.quote(candidate)
                        + " to \"index.html\" (and adjusting relative links in it if it moves to another folder).";
        return Optional.of(Violation.of(Codes.MISSING_INDEX, null,
                "The bundle has no index.html at its root; every bundle needs one, it is the page served at the "
                        + "site's address.",
                detail));
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** Exactly the files readFile will resolve: one body, remote, with a valid path. */
    private static List<RemoteFiles.Request> toResolve(List<PublishFile> input,
            Map<Integer, DecodedContent> decoded) {
        List<RemoteFiles.Request> requests = new ArrayList<>();
        for (int i = 0; i < input.size(); i++) {
            PublishFile f = input.get(i);
            if (f == null || f.content() != null || decoded.containsKey(i) || !isRemote(f)
                    || (present(f.sourceUrl()) && present(f.uploadKey()))) {
                continue;
            }
            PathRules.Checked checked = PathRules.check(f.path());
            if (checked.valid()) {
                requests.add(new RemoteFiles.Request(checked.normalized(), f));
            }
        }
        return requests;
    }

    private static boolean isRemote(PublishFile f) {
        return present(f.sourceUrl()) || present(f.uploadKey());
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    private static String encodingFix(String given) {
        String squashed = given.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        if (squashed.equals("utf8")) {
            return "Write \"utf8\" exactly as shown (no dash, lower case), or omit contentEncoding: utf8 is the "
                    + "default.";
        }
        if (squashed.equals("base64")) {
            return "Write \"base64\" exactly as shown (lower case).";
        }
        return "Use \"utf8\" for text, \"base64\" for binary data, or omit contentEncoding (the default is utf8).";
    }

    private static int firstUnpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            } else if (Character.isLowSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++; // checked before: always a pair here
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** "line L, column C" of a char index. */
    private static String position(String s, int index) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index; i++) {
            if (s.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (index - lineStart + 1);
    }

    private static String withExtension(String path, String extension) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        String stem = dot > slash + 1 ? path.substring(0, dot) : path;
        return stem + "." + extension;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** " (50 MB)" for round sizes, else "". */
    private static String human(long bytes) {
        long mb = 1024L * 1024L;
        if (bytes > 0 && bytes % (1024 * mb) == 0) {
            return " (" + bytes / (1024 * mb) + " GB)";
        }
        if (bytes > 0 && bytes % mb == 0) {
            return " (" + bytes / mb + " MB)";
        }
        return "";
    }
}
