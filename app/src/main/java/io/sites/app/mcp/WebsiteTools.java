package io.sites.app.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.api.Actor;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.app.web.ApiErrors;
import io.sites.app.web.ApiOperations;
import io.sites.bundle.BundleLimits;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The eight tools, and validate_bundle (an extension: a publish's dry run). Each is its REST operation: the same
 * {@link ApiOperations} call with the caller from the bearer token, the same request record (arguments are bound
 * exactly as a REST body is), the same result as structuredContent, and on failure the same envelope
 * ({@link ApiErrors}) with isError true.
 */
final class WebsiteTools {
    private static final String AUTHORING_RULES = """
            Authoring rules (all violations are reported at once, as PUBLISH_INVALID with one entry per problem, \
            each naming the file, the line and the fix): the bundle is the complete site; index.html at the root is \
            required; paths are relative to the site root (index.html, about.html, assets/style.css, \
            images/photo.webp), without a leading "/", "..", "?" or "#", and case-sensitive; at most %d HTML pages; \
            each file at most %s, the whole bundle at most %s. Scripts and stylesheets must \
            be files of the bundle or inline: <script src>, <link rel=stylesheet> and CSS @import pointing to another \
            origin or CDN are rejected (EXTERNAL_URL), as are iframes/frames/embedded documents (IFRAME) and service \
            workers (SERVICE_WORKER). Links, images, media and fonts may point anywhere. Reference bundle files with \
            relative paths (href="assets/style.css"). contentType is inferred from the extension; text/html and \
            image/svg+xml are accepted only on .html and .svg paths. \
            Each file gives exactly one body: content (UTF-8 text, or base64 with contentEncoding "base64"), \
            sourceUrl (a public https URL the service downloads), uploadKey (from create_upload, after the bytes \
            were PUT) or sha256 (a file this account already published or uploaded); at most %d files per publish may use sourceUrl or uploadKey, and sourceUrl fetches are \
            limited to %d an hour per account. Prefer sourceUrl or create_upload over base64 for images, video, \
            fonts and PDFs.""";

    private static final String INSTRUCTIONS = """
            This server publishes static websites (HTML, CSS, JS, images) that are live at once at \
            https://{slug}.{site_host}/. You write the files; the service checks them against its authoring rules, \
            stores them as a numbered version and serves them.
            Workflow: 1) suggest_slug with the site's name to get an available slug. 2) publish_website with name, \
            category, that slug and the complete bundle (index.html required): it creates the website, publishes \
            version 1 and returns websiteId and the live pageUrl. 3) For every later change, publish_version with the \
            websiteId and the complete new bundle (a full replacement: include every file again), or baseVersion \
            with only the changed files and deletePaths (the rest carries over); ifCurrentVersion refuses the \
            publish with VERSION_CONFLICT if someone else published meanwhile; \
            promote false stores the version without serving it (preview it at the previewUrl that get_website or \
            list_versions shows) and a later publish_version with promote true makes a version live. \
            Binary files: call create_upload with their paths and sizes, PUT the bytes to each putUrl (Content-Type \
            as returned, no Authorization header, within 1 hour), then list each file as {path, uploadKey} in the \
            publish; or give a public https sourceUrl. \
            Reads: list_websites, get_website, list_versions, get_job_status (publishes are synchronous: the job is \
            already ready when a publish returns). \
            A failed call returns isError with the REST error envelope {"error":{code,message,fields?,violations?}}; \
            on PUBLISH_INVALID fix every listed violation and publish the complete bundle again. \
            validate_bundle checks a bundle as a publish would without publishing it. \
            """;

    // Whether a tool only reads; it decides the annotations (see tool()).
    private static final boolean READ = true;
    private static final boolean WRITE = false;
    static final String WEBSITE_ID = "The website's id (web_…), as returned by publish_website or "
            + "list_websites.";
    private static final String FILES = "The complete bundle: every file of the site, at least one, index.html "
            + "included.";
    private static Map<String, String> fileDescriptions(BundleLimits limits) {
        return Map.of(
            "/$defs/PublishFile/properties/path", "Relative path inside the site, e.g. index.html, "
                    + "assets/style.css, images/hero.webp. No leading \"/\", no \"..\".",
            "/$defs/PublishFile/properties/content", "The file's contents: UTF-8 text, or base64 when "
                    + "contentEncoding is \"base64\" (binary files; prefer sourceUrl or uploadKey for large ones).",
            "/$defs/PublishFile/properties/contentEncoding", "\"utf8\" (default) or \"base64\"; applies to content "
                    + "only.",
            "/$defs/PublishFile/properties/contentType", "Optional MIME type; inferred from the extension when "
                    + "omitted. text/html and image/svg+xml only on .html and .svg paths.",
            "/$defs/PublishFile/properties/sourceUrl", "A public https URL the service downloads this file from "
                    + "(no private or loopback addresses, at most 3 redirects, " + limits.fileSize() + ").",
            "/$defs/PublishFile/properties/uploadKey", "The uploadKey of a create_upload slot for this same path, "
                    + "after its bytes were PUT to the slot's putUrl. Slots expire 1 hour after create_upload.",
            "/$defs/PublishFile/properties/sha256", "SHA-256 (64 lowercase hex) of a file this account already "
                    + "published or uploaded, sent instead of its bytes. Unknown ones: UNKNOWN_DIGEST per path.");
    }

    private final ApiOperations operations;
    private final ToolSchemas schemas;
    private final ToolResults results;
    private final JsonMapper json;
    private final BundleLimits limits;
    private final String authoringRules;
    private final IdempotentCalls idempotent;

    WebsiteTools(ApiOperations operations, ToolSchemas schemas, JsonMapper json, BundleLimits limits,
            IdempotentCalls idempotent) {
        this.operations = operations;
        this.idempotent = idempotent;
        this.schemas = schemas;
        this.results = new ToolResults(json);
        this.json = json;
        this.limits = limits;
        this.authoringRules = AUTHORING_RULES.formatted(limits.htmlPages(), inFull(limits.fileBytes()),
                limits.bundleSize(), limits.remoteFiles(), operations.fetchesPerHour());
    }

    /** What the server tells a client on initialize: the workflow and the authoring rules. */
    String instructions() {
        return INSTRUCTIONS + authoringRules;
    }

    /** "50 MB (52,428,800 bytes)", or the bytes alone when they are no round size. */
    private static String inFull(long bytes) {
        String exact = String.format(Locale.ROOT, "%,d bytes", bytes);
        return BundleLimits.roundSize(bytes).map(size -> size + " (" + exact + ")").orElse(exact);
    }

    List<SyncToolSpecification> specifications() {
        return List.of(publishWebsite(), publishVersion(), createUpload(), listWebsites(), getWebsite(),
                listVersions(), getJobStatus(), suggestSlug(), validateBundle());
    }

    private SyncToolSpecification publishWebsite() {
        Map<String, String> descriptions = new HashMap<>(fileDescriptions(limits));
        descriptions.put("/properties/name", "Display name, at most 120 characters. Also the source of the slug "
                + "when slug is omitted.");
        descriptions.put("/properties/category", "What the site is: real_estate, restaurant, service, portfolio, "
                + "event, resume or other.");
        descriptions.put("/properties/description", "Optional description, at most 5000 characters.");
        descriptions.put("/properties/slug", "The subdomain: 3 to 50 characters, lowercase letters, digits and "
                + "single hyphens, starting with a letter. Get an available one from suggest_slug. A taken slug "
                + "fails with SLUG_TAKEN; omitted, one is derived from the name.");
        descriptions.put("/properties/files", FILES);
        return tool("publish_website", "Publish a new website", "createWebsite", """
                Create a new website and publish its first version (version 1) from a complete bundle of files; it \
                is live at the returned pageUrl when this returns. Use publish_version (not this) to change an \
                existing website. Returns websiteId (keep it for later versions), jobId, version, slug, pageUrl and \
                bytesWritten.
                """ + authoringRules, WRITE, descriptions,
                (caller, arguments) -> operations.createWebsite(caller, bind(arguments, PublishWebsiteRequest.class)),
                result -> "Published " + result.get("slug") + " (website " + result.get("websiteId") + ", version "
                        + result.get("version") + "): live at " + result.get("pageUrl"));
    }

    private SyncToolSpecification publishVersion() {
        Map<String, String> descriptions = new HashMap<>(fileDescriptions(limits));
        descriptions.put("/properties/websiteId", WEBSITE_ID);
        descriptions.put("/properties/files", FILES + " A complete replacement, not a diff: files left out are "
                + "gone from this version.");
        descriptions.put("/properties/message", "Optional changelog entry for the version, at most 2000 "
                + "characters.");
        descriptions.put("/properties/promote", "true (default): the new version goes live at once. false: it is "
                + "only stored and the previous version stays live; preview it at its previewUrl "
                + "(v{n}--{slug}.{site_host}, see list_versions), e.g. to let a person approve it first.");
        return tool("publish_version", "Publish a new version", "createWebsiteVersion", """
                Publish a new version of an existing website from a complete replacement bundle (every file again, \
                not only the changed ones). With promote true (default) it is live at pageUrl when this returns; \
                with promote false it is stored but not served (isCurrent false). Earlier versions are kept. \
                Returns websiteId, jobId (also the version's id), version, isCurrent, pageUrl and bytesWritten.
                """ + authoringRules, WRITE, descriptions,
                (caller, arguments) -> {
                    Map<String, Object> body = new HashMap<>(arguments);
                    Object websiteId = body.remove("websiteId");
                    return operations.createWebsiteVersion(caller, websiteId == null ? null : websiteId.toString(),
                            bind(body, PublishVersionRequest.class));
                },
                result -> "Version " + result.get("version") + " of website " + result.get("websiteId")
                        + (Boolean.TRUE.equals(result.get("isCurrent")) ? " is live at " + result.get("pageUrl")
                                : " is stored, not live; " + result.get("pageUrl") + " still serves the previous "
                                        + "version"));
    }

    /** Publish's dry run (an extension): either publish's arguments, checked as it checks them, nothing stored. */
    private SyncToolSpecification validateBundle() {
        Map<String, String> descriptions = new HashMap<>(fileDescriptions(limits));
        descriptions.put("/properties/websiteId", "To check a new version of this website, as publish_version "
                + "would: its id (then message and promote are publish_version's). Omit it to check a new website, "
                + "as publish_website would (then name, category, description and slug are publish_website's).");
        descriptions.put("/properties/files", FILES);
        String title = "Check a bundle without publishing";
        return tool("validate_bundle", title, """
                Check a bundle exactly as a publish would, and publish nothing: the REST publish with dryRun=true. \
                Without websiteId the arguments are publish_website's, with websiteId publish_version's. Returns \
                valid (whether the publish would be accepted), every violation and every warning (broken links) the \
                publish would report, and the bundle's files and bytes. sourceUrl files are fetched (each fetch \
                counts toward the hourly fetch limit); uploadKeys are checked but not used up, so publish with the \
                same keys afterwards. Fails as the publish would for what is not the bundle's problem: NOT_FOUND (a \
                website not visible to you), SLUG_TAKEN, VALIDATION_FAILED (fields), WEBSITE_LIMIT_REACHED.
                """ + authoringRules,
                schemas.inputOfEither("createWebsite", "createWebsiteVersion", descriptions),
                schemas.output("createWebsite", "200"),
                // Records nothing and may be repeated; open world: sourceUrls are fetched.
                new ToolAnnotations(title, true, false, true, true, null),
                (caller, arguments) -> {
                    Map<String, Object> body = new HashMap<>(arguments);
                    Object websiteId = body.remove("websiteId");
                    return websiteId == null
                            ? operations.checkWebsite(caller.accountId(), bind(body, PublishWebsiteRequest.class),
                                    Map.of())
                            : operations.checkWebsiteVersion(caller.accountId(), websiteId.toString(),
                                    bind(body, PublishVersionRequest.class), Map.of());
                },
                result -> (Boolean.TRUE.equals(result.get("valid")) ? "The bundle would be published"
                        : "The bundle would be refused: " + ((List<?>) result.get("violations")).size()
                                + " violation(s)")
                        + "; " + ((List<?>) result.get("warnings")).size() + " warning(s); " + result.get("files")
                        + " file(s), " + result.get("bytes") + " bytes. Nothing was published.");
    }

    private SyncToolSpecification createUpload() {
        Map<String, String> descriptions = Map.of(
                "/properties/files", "One entry per file to upload, at least one; each path at most once.",
                "/properties/files/items/properties/path", "The site path the file will be published as, e.g. "
                        + "images/hero.webp; the same path must be used in the publish.",
                "/properties/files/items/properties/contentType", "Optional MIME type the PUT will send; inferred "
                        + "from the path when omitted.",
                "/properties/files/items/properties/size", "Optional size in bytes, at most " + limits.fileBytes()
                        + BundleLimits.roundSize(limits.fileBytes()).map(size -> " (" + size + ")").orElse("") + "; when "
                        + "given, the PUT must send exactly this many bytes.");
        return tool("create_upload", "Create upload slots", "createUploads", """
                Allocate upload slots for binary files (images, video, fonts, PDFs) so they need not be \
                base64-encoded. For each returned slot: PUT the raw bytes to putUrl with header Content-Type equal \
                to the slot's contentType and without an Authorization header (the URL is the credential), within 1 \
                hour (expiresAt); then include {"path": ..., "uploadKey": ...} in the files of publish_website or \
                publish_version. A slot is used up by the publish that succeeds with it. At most %d files per \
                publish may use uploadKey or sourceUrl. Returns uploads: path, uploadKey, putUrl, contentType, \
                expiresAt.""".formatted(limits.remoteFiles()), WRITE, descriptions,
                (caller, arguments) -> operations.createUploads(caller.accountId(),
                        bind(arguments, CreateUploadsRequest.class)),
                result -> "Upload slots allocated; PUT each file's bytes to its putUrl, then publish with its "
                        + "uploadKey.");
    }

    private SyncToolSpecification listWebsites() {
        return tool("list_websites", "List websites", "listWebsites", """
                List the websites you own or edit, at most 50, most recently updated first: id, name, slug, \
                pageUrl, status (active, draft, deleted), currentVersionId, role; and websiteLimits (count, max, \
                canCreate).""", READ, Map.of(),
                (caller, arguments) -> operations.listWebsites(caller.accountId()),
                result -> ((List<?>) result.get("items")).size() + " website(s).");
    }

    private SyncToolSpecification getWebsite() {
        return tool("get_website", "Get a website", "getWebsite", """
                One website: status, live pageUrl, the current version, and every version with its number, status, \
                isCurrent, previewUrl and files (path, contentType, size).""", READ,
                Map.of("/properties/websiteId", WEBSITE_ID),
                (caller, arguments) -> operations.getWebsite(caller.accountId(), text(arguments, "websiteId")),
                result -> "Website " + result.get("id") + " (" + result.get("slug") + "), status "
                        + result.get("status") + (result.get("pageUrl") == null ? "" : ", live at "
                                + result.get("pageUrl")));
    }

    private SyncToolSpecification listVersions() {
        return tool("list_versions", "List versions", "listWebsiteVersions", """
                Every version of a website, newest first, with number, status, isCurrent, message (instruction), \
                previewUrl and file metadata. Use it to find a stored (promote false) version's previewUrl.""",
                READ, Map.of("/properties/websiteId", WEBSITE_ID),
                (caller, arguments) -> operations.listWebsiteVersions(caller.accountId(), text(arguments, "websiteId")),
                result -> ((List<?>) result.get("versions")).size() + " version(s).");
    }

    private SyncToolSpecification getJobStatus() {
        return tool("get_job_status", "Get a publish job", "getJob", """
                The status of a publish job by its jobId (returned by publish_website and publish_version): status \
                (ready once published), progressMessage, pageUrl. Publishes through this server are synchronous, so \
                a job is already ready when the publish returns.""", READ,
                Map.of("/properties/jobId", "The job's id (job_…), as returned by a publish."),
                (caller, arguments) -> operations.getJob(caller.accountId(), text(arguments, "jobId")),
                result -> "Job " + result.get("jobId") + ": " + result.get("status") + ". "
                        + result.get("progressMessage"));
    }

    private SyncToolSpecification suggestSlug() {
        return tool("suggest_slug", "Suggest a slug", "suggestSlug", """
                Check a site name or draft slug and get an available slug: slug (the input in slug form), valid, \
                available, suggestion (an available slug; use it when available is false), message (why the input \
                is unusable) and the pageUrl the suggestion would have. Call it before publish_website.""", READ,
                Map.of("/properties/value", "A site name or draft slug, 1 to 120 characters, e.g. \"Café Müller\"."),
                (caller, arguments) -> operations.suggestSlug(text(arguments, "value")),
                result -> "Use slug \"" + result.get("suggestion") + "\" (" + result.get("pageUrl") + ")."
                        + (result.get("message") == null ? "" : " " + result.get("message")));
    }

    private SyncToolSpecification tool(String name, String title, String operationId, String description,
            boolean readOnly, Map<String, String> descriptions,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        return tool(name, title, operationId, description, readOnly
                        // Reads: read-only and idempotent, closed world (only this service's data).
                        ? new ToolAnnotations(title, true, false, true, false, null)
                        // Publishes add a version and never remove one: not destructive, not idempotent; open
                        // world (they publish to the public web and may fetch sourceUrls).
                        : new ToolAnnotations(title, false, false, false, true, null),
                descriptions, operation, summary);
    }

    /** A tool with annotations of its own (see VersionTools); otherwise as every tool here. */
    SyncToolSpecification tool(String name, String title, String operationId, String description,
            ToolAnnotations annotations, Map<String, String> descriptions,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        return tool(name, title, description, schemas.input(operationId, descriptions), schemas.output(operationId),
                annotations, operation, summary);
    }

    /** A tool whose schemas are not one operation's (validate_bundle); otherwise as every tool here. */
    SyncToolSpecification tool(String name, String title, String description, Map<String, Object> input,
            Map<String, Object> output, ToolAnnotations annotations,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        Tool tool = Tool.builder().name(name).title(title).description(description.strip())
                .inputSchema(input)
                .outputSchema(output)
                .annotations(annotations)
                .build();
        // The operations that take an Idempotency-Key have the argument in their schema (see ToolSchemas).
        boolean keyed = input.get("properties") instanceof Map<?, ?> properties
                && properties.containsKey(IdempotentCalls.ARGUMENT);
        return new SyncToolSpecification(tool, (McpTransportContext context, CallToolRequest request) -> {
            Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
            Actor caller = CallerContext.caller(context);
            Function<Map<String, Object>, IdempotentCalls.Outcome> run = given -> run(operation, summary, caller,
                    given);
            return keyed ? idempotent.call(name, caller.accountId(), arguments, run, summary)
                    : run.apply(arguments).result();
        });
    }

    private IdempotentCalls.Outcome run(BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary, Actor caller, Map<String, Object> arguments) {
        ApiErrors.Failure failure;
        try {
            Map<String, Object> structured = results.structured(operation.apply(caller, arguments));
            return new IdempotentCalls.Outcome(results.success(summary.apply(structured), structured),
                    HttpStatus.OK.value());
        } catch (UnboundArguments e) {
            failure = ApiErrors.malformed("The arguments are", e.getCause());
        } catch (RuntimeException e) {
            failure = ApiErrors.of(e);
        }
        return new IdempotentCalls.Outcome(results.failure(failure), failure.status().value());
    }

    /** Arguments bound exactly as a REST body is; a wrong shape gets the REST body's error. */
    <T> T bind(Map<String, Object> arguments, Class<T> type) {
        try {
            return json.convertValue(arguments, type);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new UnboundArguments(e);
        }
    }

    private static final class UnboundArguments extends RuntimeException {
        UnboundArguments(RuntimeException cause) {
            super(cause);
        }
    }

    static String text(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        return value == null ? null : value.toString();
    }
}
