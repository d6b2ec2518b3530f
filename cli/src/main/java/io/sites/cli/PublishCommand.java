package io.sites.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites publish DIR}: publishes a folder as a new website or a new version of one, sending only what the
 * service lacks. First it asks which of the files' SHA-256 digests the service has no bytes for (findMissingDigests:
 * not this account's, not this website's); then one publish names every other file by its digest and carries those
 * files: text inline, binaries through upload slots (at most 20 a publish, the service's limit on remote files; the
 * rest as base64). Above {@link #SEND_AHEAD_ABOVE} bytes to send (a big site's first publish), the files go ahead
 * in batches (uploadFiles, none near the service's request limit) and the publish names every file by digest. An unchanged file therefore costs 64 characters, and a republish with one edit sends one file.
 * Should the service answer UNKNOWN_DIGEST all the same (a file collected in between), those files follow in a
 * second request.
 * Each request carries an Idempotency-Key made once per invocation (one per distinct request, reused on its own
 * retries), and a new version of a live website carries {@code ifCurrentVersion}: of two publishers, the second
 * learns that the first came in between instead of replacing its version unnoticed.
 */
@Command(name = "publish", description = "Publish a folder: a new website, or a new version of --site.")
final class PublishCommand implements Callable<Integer> {
    // The service's limit on sourceUrl/uploadKey files in one publish (TOO_MANY_REMOTE_FILES above it).
    private static final int UPLOAD_SLOTS_PER_PUBLISH = 20;
    /**
     * Missing files above this many bytes in all are sent ahead in batches (uploadFiles), then named by digest:
     * one request body holds at most the service's request limit (256 MiB), and a body this size is
     * decoded by the service within its memory budget. Below it they go inline in the publish, one request.
     */
    static final long SEND_AHEAD_ABOVE = 16L * 1024 * 1024;
    /** Content per batch of files sent ahead (base64 counted as sent). */
    static final long BATCH_BYTES = 16L * 1024 * 1024;
    private static final int BATCHES_AT_ONCE = 2;
    // Below the service's 200,000 digests a question (MissingDigests.MAX_DIGESTS).
    private static final int DIGESTS_PER_QUESTION = 100_000;

    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "DIR", description = "The folder to publish; .sitesignore lists what to leave out.")
    Path folder;

    @Option(names = "--site", paramLabel = "SLUG|ID",
            description = "The website to publish a version of; a slug that is not yours yet creates a website with it.")
    String site;

    @Option(names = "--name", description = "Display name of a new website (default: the folder's name).")
    String name;

    @Option(names = "--category", defaultValue = "other", description = "Category of a new website: real_estate, "
            + "restaurant, service, portfolio, event, resume, other (default: ${DEFAULT-VALUE}).")
    String category;

    @Option(names = {"-m", "--message"}, description = "Changelog message of the version.")
    String message;

    @Option(names = "--no-promote", description = "Store the version without making it live.")
    boolean noPromote;

    @Option(names = "--dry-run", description = "Check everything, publish nothing.")
    boolean dryRun;

    @Option(names = "--if-current", paramLabel = "VERSION", description = "Publish only if VERSION is the live "
            + "version (default: the one live when the command starts); else nothing is published, exit 1.")
    Integer ifCurrent;

    // One per invocation: each distinct request gets its own suffix, so a retry resends the same key and body.
    private final String idempotencyKey = "sites-cli-" + java.util.UUID.randomUUID();

    private int filesSent;
    private long bytesSent;

    @Override
    public Integer call() {
        Api api = sites.api();
        FolderDigests digests = FolderDigests.of(sites.invocation.env(), folder);
        List<Folder.LocalFile> files = Folder.read(folder, digests);
        digests.save();
        if (files.isEmpty()) {
            throw new Failure(Exit.USAGE, "Nothing to publish: " + folder + " has no files (see its .sitesignore).");
        }
        String websiteId = site == null ? null : Websites.find(api, site).orElse(null);
        if (websiteId == null && noPromote) {
            throw new Failure(Exit.USAGE, "--no-promote needs an existing website (--site): a new one's first version "
                    + "is always live.");
        }
        if (websiteId == null && ifCurrent != null) {
            throw new Failure(Exit.USAGE, "--if-current needs an existing website (--site).");
        }
        Integer expected = websiteId == null ? null
                : ifCurrent != null ? ifCurrent : boxed(Websites.liveVersion(api, websiteId));
        String path = (websiteId == null ? "v1/websites" : Websites.path(websiteId) + "/versions")
                + (dryRun ? "?dryRun=true" : "");
        Progress progress = new Progress(sites.invocation.err(), sites.invocation.terminal(), sites.json);
        progress.line((dryRun ? "Checking " : "Publishing ") + Counts.of(files.size(), "file") + " ("
                + Bytes.human(files.stream().mapToLong(Folder.LocalFile::size).sum()) + ") from " + folder
                + (websiteId == null ? " as a new website" : " to " + site));

        Set<String> lacking = missingDigests(api, websiteId, files);
        List<Folder.LocalFile> missing = files.stream().filter(file -> lacking.contains(file.sha256())).toList();
        Map<String, ObjectNode> bodies = new HashMap<>();
        if (!missing.isEmpty()) {
            progress.start(missing.size(), missing.stream().mapToLong(Folder.LocalFile::size).sum());
            // A dry run stores nothing, so nothing is sent ahead of it.
            if (!dryRun && missing.stream().mapToLong(PublishCommand::sentSize).sum() > SEND_AHEAD_ABOVE) {
                sendAhead(api, missing, progress);
            } else {
                bodies.putAll(bodies(api, missing, progress));
            }
        }
        Api.Response response = api.postOnce(path, request(websiteId, expected, files, bodies),
                idempotencyKey + "-publish");
        // A file the service had a moment ago may have been collected since (nothing referred to it any more).
        Set<String> unknown = unknownDigests(response);
        if (!unknown.isEmpty()) {
            List<Folder.LocalFile> gone = files.stream().filter(file -> unknown.contains(file.path())).toList();
            progress.start(gone.size(), gone.stream().mapToLong(Folder.LocalFile::size).sum());
            bodies.putAll(bodies(api, gone, progress));
            response = api.postOnce(path, request(websiteId, expected, files, bodies), idempotencyKey + "-files");
        }
        if (response.status() == 409 && "VERSION_CONFLICT".equals(response.errorCode())) {
            throw new Failure(Exit.REFUSED, "Another publish changed the live version of " + site + " (expected "
                    + expected + "): nothing was published. " + response.body().path("error").path("message")
                    .asString("") + " See sites history " + site + ", then publish again.", response.body());
        }
        return dryRun ? reportCheck(response) : report(api, response, files.size());
    }

    private static Integer boxed(java.util.OptionalInt value) {
        return value.isPresent() ? value.getAsInt() : null;
    }

    /** The request: each file by its body when given, else by its digest. */
    private ObjectNode request(String websiteId, Integer expected, List<Folder.LocalFile> files,
            Map<String, ObjectNode> bodies) {
        ObjectNode request = Api.JSON.createObjectNode();
        if (websiteId == null) {
            request.put("name", name != null ? name : folderName());
            request.put("category", category);
            if (site != null) {
                request.put("slug", site);
            }
        } else if (noPromote) {
            request.put("promote", false);
        }
        if (expected != null) {
            request.put("ifCurrentVersion", expected);
        }
        if (message != null) {
            request.put("message", message);
        }
        ArrayNode array = request.putArray("files");
        for (Folder.LocalFile file : files) {
            ObjectNode body = bodies.get(file.path());
            array.add(body != null ? body : Api.JSON.createObjectNode().put("path", file.path()).put("sha256", file.sha256()));
        }
        return request;
    }

    private String folderName() {
        Path absolute = folder.toAbsolutePath().normalize();
        return absolute.getFileName() == null ? "Website" : absolute.getFileName().toString();
    }

    /**
     * The digests of {@code files} the service would not take instead of bytes (findMissingDigests), asked in parts of
     * {@value #DIGESTS_PER_QUESTION}: the publish then sends exactly those files and is read once.
     */
    private static Set<String> missingDigests(Api api, String websiteId, List<Folder.LocalFile> files) {
        List<String> digests = files.stream().map(Folder.LocalFile::sha256).distinct().toList();
        Set<String> missing = new java.util.HashSet<>();
        for (int from = 0; from < digests.size(); from += DIGESTS_PER_QUESTION) {
            ObjectNode question = Api.JSON.createObjectNode();
            if (websiteId != null) {
                question.put("websiteId", websiteId);
            }
            ArrayNode part = question.putArray("sha256");
            digests.subList(from, Math.min(digests.size(), from + DIGESTS_PER_QUESTION)).forEach(part::add);
            Api.require(api.post("v1/digests/missing", question)).path("missing")
                    .forEach(digest -> missing.add(digest.asString()));
        }
        return missing;
    }

    /** The paths whose digest the service does not know, from a 422's violations or a dry run's. */
    private static Set<String> unknownDigests(Api.Response response) {
        JsonNode violations = response.body().has("error") ? response.body().path("error").path("violations")
                : response.body().path("violations");
        Set<String> paths = new LinkedHashSet<>();
        for (JsonNode violation : violations) {
            if ("UNKNOWN_DIGEST".equals(violation.path("code").asString()) && violation.has("path")) {
                paths.add(violation.path("path").asString());
            }
        }
        return paths;
    }

    /** The files the service lacks, with their bytes: text inline, binaries by upload slot while slots last. */
    private Map<String, ObjectNode> bodies(Api api, List<Folder.LocalFile> missing, Progress progress) {
        Map<String, ObjectNode> bodies = new HashMap<>();
        // A dry run stores nothing, so it takes no upload slots either: its binaries go inline.
        List<Folder.LocalFile> binaries = dryRun ? List.of()
                : missing.stream().filter(file -> !file.text()).limit(UPLOAD_SLOTS_PER_PUBLISH).toList();
        bodies.putAll(upload(api, binaries, progress));
        for (Folder.LocalFile file : missing) {
            if (bodies.containsKey(file.path())) {
                continue;
            }
            byte[] bytes = read(file.file());
            bodies.put(file.path(), inline(file, bytes));
            sent(progress, file.path(), bytes.length);
        }
        return bodies;
    }

    /**
     * The files the service lacks, sent ahead in batches of about {@link #BATCH_BYTES} (uploadFiles), two at a time
     * (the service checks a batch on one thread; two keep two of its cores busy): the service then has them for
     * this account, and the publish names them by digest. At most two batches are held at a time.
     */
    private void sendAhead(Api api, List<Folder.LocalFile> missing, Progress progress) {
        List<List<Folder.LocalFile>> batches = new ArrayList<>();
        for (int from = 0; from < missing.size(); ) {
            long bytes = 0;
            int to = from;
            while (to < missing.size() && (to == from || bytes + sentSize(missing.get(to)) <= BATCH_BYTES)) {
                bytes += sentSize(missing.get(to++));
            }
            batches.add(missing.subList(from, to));
            from = to;
        }
        try (ExecutorService senders = Executors.newFixedThreadPool(BATCHES_AT_ONCE)) {
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < batches.size(); i++) {
                List<Folder.LocalFile> batch = batches.get(i);
                String key = idempotencyKey + "-batch-" + i;
                sent.add(senders.submit(() -> {
                    ObjectNode request = Api.JSON.createObjectNode();
                    ArrayNode files = request.putArray("files");
                    batch.forEach(file -> files.add(inline(file, read(file.file()))));
                    Api.require(api.postOnce("v1/uploads/batch", request, key));
                    synchronized (this) {
                        batch.forEach(file -> sent(progress, file.path(), file.size()));
                    }
                }));
            }
            for (Future<?> batch : sent) {
                batch.get();
            }
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof RuntimeException cause) {
                throw cause; // a Failure says what the service answered
            }
            throw new IllegalStateException(failed.getCause());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new Failure(Exit.NETWORK, "Interrupted while sending files.");
        }
    }

    /** What a file costs in a request body: text as it is, binaries as base64. */
    private static long sentSize(Folder.LocalFile file) {
        return file.text() ? file.size() : (file.size() + 2) / 3 * 4;
    }

    /** A file object carrying its bytes: text as it is, anything else as base64. */
    private static ObjectNode inline(Folder.LocalFile file, byte[] bytes) {
        ObjectNode body = Api.JSON.createObjectNode().put("path", file.path());
        if (file.text()) {
            body.put("content", new String(bytes, StandardCharsets.UTF_8));
        } else {
            body.put("content", Base64.getEncoder().encodeToString(bytes)).put("contentEncoding", "base64");
        }
        return body;
    }

    private Map<String, ObjectNode> upload(Api api, List<Folder.LocalFile> binaries, Progress progress) {
        if (binaries.isEmpty()) {
            return Map.of();
        }
        ObjectNode request = Api.JSON.createObjectNode();
        ArrayNode slots = request.putArray("files");
        binaries.forEach(file -> slots.addObject().put("path", file.path()).put("size", file.size()));
        JsonNode uploads = Api.require(api.postOnce("v1/uploads", request, idempotencyKey + "-uploads"))
                .path("uploads");
        Map<String, Folder.LocalFile> byPath = new HashMap<>();
        binaries.forEach(file -> byPath.put(file.path(), file));
        Map<String, ObjectNode> bodies = new HashMap<>();
        for (JsonNode slot : uploads) {
            Folder.LocalFile file = byPath.get(slot.path("path").asString());
            api.put(URI.create(slot.path("putUrl").asString()), slot.path("contentType").asString(), file.file());
            bodies.put(file.path(), Api.JSON.createObjectNode().put("path", file.path())
                    .put("uploadKey", slot.path("uploadKey").asString()));
            sent(progress, file.path(), file.size());
        }
        return bodies;
    }

    private void sent(Progress progress, String path, long bytes) {
        filesSent++;
        bytesSent += bytes;
        progress.sent(path, bytes);
    }

    private int report(Api api, Api.Response response, int files) {
        ObjectNode result = (ObjectNode) Api.require(response).deepCopy();
        result.put("filesSent", filesSent).put("bytesSent", bytesSent);
        Style style = sites.style();
        int version = result.path("version").asInt();
        String headline;
        if (result.path("isCurrent").asBoolean(true)) {
            headline = style.done("Published version " + version + ": " + style.paint(Style.Tone.CYAN,
                    result.path("pageUrl").asString()));
        } else {
            // Not live: the live address would show the previous version, so the version's own address is given.
            String preview = Previews.of(api, result);
            result.put("previewUrl", preview);
            headline = style.note("Stored version " + version + " (not live); preview: "
                    + style.paint(Style.Tone.CYAN, preview)) + System.lineSeparator() + "Make it live with: sites "
                    + "promote " + site + " " + version;
        }
        int had = files - filesSent;
        String text = headline + System.lineSeparator() + "Sent " + filesSent + " of " + Counts.of(files, "file")
                + " (" + Bytes.human(bytesSent) + ")" + (had == 0 ? "."
                : "; the service had the other " + (had == 1 ? "one" : had) + " already.");
        sites.print(result, text);
        if (!sites.json) {
            Violations.print(result.path("warnings"), sites.invocation.err(), style.warning("warning: "));
        }
        return Exit.OK.code;
    }

    private int reportCheck(Api.Response response) {
        ObjectNode result = (ObjectNode) Api.require(response).deepCopy();
        result.put("filesSent", filesSent).put("bytesSent", bytesSent);
        boolean valid = result.path("valid").asBoolean();
        Style style = sites.style();
        sites.print(result, valid ? style.done("The bundle would be published: " + Counts.of(
                result.path("files").asInt(), "file") + ", " + Bytes.human(result.path("bytes").asLong()) + ".")
                : style.failed("The bundle would be refused:"));
        if (!sites.json) {
            Violations.print(result.path("violations"), sites.invocation.err());
            Violations.print(result.path("warnings"), sites.invocation.err(), style.warning("warning: "));
        }
        return valid ? Exit.OK.code : Exit.REFUSED.code;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + file + ": " + e.getMessage(), e);
        }
    }
}
