package io.sites.app.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.api.id.Actor;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.MissingDigestsRequest;
import io.sites.api.json.UploadFilesRequest;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.site.policy.ContentPolicy;
import io.sites.app.SiteUrls;
import io.sites.app.usecases.PublishOperations;
import io.sites.app.usecases.ReadOperations;
import io.sites.app.web.ApiBodies;
import io.sites.app.web.ApiErrors;
import io.sites.bundle.BundleLimits;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The eight tools, and validate_bundle (an extension: a publish's dry run). Each is its REST operation: the same
 * operation of io.sites.app.usecases with the caller from the bearer token, the same request record (arguments are
 * bound exactly as a REST body is), the same body as structuredContent ({@link ApiBodies}), and on failure the same
 * envelope ({@link ApiErrors}) with isError true.
 */
final class WebsiteTools {
    /**
     * The authoring rules, written once, in publish_website's description: the tool list is what every client
     * shows its model, and publish_website is the first tool that meets them. The other publishing tools and the
     * server instructions point here; /llms.txt explains every violation code.
     */
    private static final String AUTHORING_RULES = """
            Authoring rules (all violations come back at once as PUBLISH_INVALID, each with its code, file, line \
            and fix; every code is explained at %s): the bundle is the complete site, index.html at the root \
            (MISSING_INDEX); paths are relative (assets/style.css), case-sensitive, without a leading "/", "..", \
            "?" or "#"; at most %d HTML pages, each file at most %s, the bundle at most %s. Scripts and stylesheets \
            must be bundle files or inline: <script src>, <link rel=stylesheet> or CSS @import to another origin or \
            CDN is EXTERNAL_URL, an iframe/frame/embedded document IFRAME, a service worker SERVICE_WORKER. Links, \
            images, media, fonts, fetch and forms may use any https origin (http: is BLOCKED_ORIGIN). contentType \
            follows the extension (text/html and \
            image/svg+xml only on .html and .svg). Each file has exactly one body: content (UTF-8, or base64 with \
            contentEncoding "base64"), sourceUrl (a public https URL the service fetches, %d fetches an hour per \
            account), uploadKey (from create_upload, after the PUT) or sha256 (a file this account already stored); \
            at most %d files per publish by sourceUrl or uploadKey. Prefer those to base64 for images, video, fonts \
            and PDFs.""";

    /** The workflow; the address form is this deployment's (see SiteUrls), the rules are publish_website's. */
    private static final String INSTRUCTIONS = """
            This server publishes static websites (HTML, CSS, JS, images), live at once at %s. You write the \
            files; the service checks them against its authoring rules (in publish_website's description; every \
            violation code at %s), stores them as a numbered version and serves them.
            Workflow: 1) suggest_slug with the site's name to get an available slug. 2) publish_website with name, \
            category, that slug and the complete bundle: it creates the website, publishes version 1 and returns \
            websiteId and the live pageUrl. 3) For every later change, publish_version with the websiteId and the \
            complete new bundle (every file again), or baseVersion with only the changed files and deletePaths; \
            ifCurrentVersion refuses the publish with VERSION_CONFLICT if someone else published meanwhile; \
            promote false stores the version without serving it (preview it at its previewUrl) and promote_version \
            makes it live later. Binary files: create_upload, PUT the bytes to each putUrl, then list each file as \
            {path, uploadKey}; or give a public https sourceUrl. \
            A failed call returns isError with the REST error envelope {"error":{code,message,fields?,violations?}}; \
            on PUBLISH_INVALID fix every listed violation and publish the complete bundle again. validate_bundle \
            checks a bundle without publishing it.
            %s
            """;

    /** Where every violation code is explained (see io.sites.app.docs). */
    private static final String LLMS_TXT = "/llms.txt";
    /** A live address with the slug left open: this deployment's scheme, site host and port. */
    private static final String SLUG_PLACEHOLDER = "{slug}";
    /** What the other publishing tools say instead of the rules. */
    private static final String RULES_THERE = " The bundle follows the authoring rules in publish_website's "
            + "description.";
    // Whether a tool only reads; it decides the annotations (see tool()).
    private static final boolean READ = true;
    private static final boolean WRITE = false;
    static final String WEBSITE_ID = "web_…, from publish_website or list_websites.";
    private static final String FILES = "Every file of the site, index.html included.";
    private final PublishOperations operations;
    private final ReadOperations reads;
    private final ApiBodies bodies;
    private final ToolSchemas schemas;
    private final ToolResults results;
    private final JsonMapper json;
    private final BundleLimits limits;
    private final String authoringRules;
    private final String instructions;
    private final IdempotentCalls idempotent;

    WebsiteTools(PublishOperations operations, ReadOperations reads, ApiBodies bodies, ToolSchemas schemas,
            JsonMapper json, BundleLimits limits, IdempotentCalls idempotent, SiteUrls urls) {
        this.operations = operations;
        this.reads = reads;
        this.bodies = bodies;
        this.idempotent = idempotent;
        this.schemas = schemas;
        this.results = new ToolResults(json);
        this.json = json;
        this.limits = limits;
        String codes = urls.api(LLMS_TXT);
        this.authoringRules = AUTHORING_RULES.formatted(codes, limits.htmlPages(), inFull(limits.fileBytes()),
                limits.bundleSize(), operations.fetchesPerHour(), limits.remoteFiles());
        this.instructions = INSTRUCTIONS.formatted(urls.page(SLUG_PLACEHOLDER), codes, ContentPolicy.EXPLAINED);
    }

    /** What the server tells a client on initialize: the workflow and the authoring rules. */
    String instructions() {
        return instructions;
    }

    /** "50 MB (52,428,800 bytes)", or the bytes alone when they are no round size. */
    private static String inFull(long bytes) {
        String exact = String.format(Locale.ROOT, "%,d bytes", bytes);
        return BundleLimits.roundSize(bytes).map(size -> size + " (" + exact + ")").orElse(exact);
    }

    List<SyncToolSpecification> specifications() {
        return List.of(publishWebsite(), publishVersion(), createUpload(), findMissingDigests(), uploadFiles(),
                listWebsites(),
                getWebsite(), listVersions(), getJobStatus(), suggestSlug(), validateBundle());
    }

    private SyncToolSpecification publishWebsite() {
        Map<String, String> descriptions = new HashMap<String, String>();
        descriptions.put("/properties/name", "Display name; the slug's source when slug is omitted.");
        descriptions.put("/properties/slug", "The subdomain, from suggest_slug; a taken one fails with "
                + "SLUG_TAKEN.");
        descriptions.put("/properties/files", FILES);
        descriptions.put("/properties/message", "Optional changelog entry of version 1.");
        return tool("publish_website", "Publish a new website", "createWebsite", """
                Create a new website and publish version 1 from a complete bundle; it is live at the returned \
                pageUrl when this returns. Keep the websiteId: change the site with publish_version.
                """ + authoringRules, WRITE, descriptions,
                (caller, arguments) -> operations.createWebsite(caller, bind(arguments, PublishWebsiteRequest.class)),
                result -> "Published " + result.get("slug") + " (website " + result.get("websiteId") + ", version "
                        + result.get("version") + "): live at " + result.get("pageUrl"));
    }

    private SyncToolSpecification publishVersion() {
        Map<String, String> descriptions = new HashMap<String, String>();
        descriptions.put("/properties/websiteId", WEBSITE_ID);
        descriptions.put("/properties/files", FILES);
        descriptions.put("/properties/message", "Optional changelog entry.");
        descriptions.put("/properties/promote", "false: only stored, not live; preview it at its previewUrl (a "
                + "7-day link for anyone who has it), e.g. for a person to approve.");
        descriptions.put("/properties/baseVersion", "Edit this version: files add or replace paths, deletePaths "
                + "drops paths, the rest carries over.");
        return tool("publish_version", "Publish a new version", "createWebsiteVersion", """
                Publish a new version of an existing website from a complete replacement bundle (every file again), \
                or from baseVersion plus changes. Live at pageUrl when this returns unless promote is false \
                (isCurrent false). Earlier versions are kept.""" + RULES_THERE, WRITE, descriptions,
                (caller, arguments) -> {
                    Map<String, Object> body = new HashMap<>(arguments);
                    Object websiteId = body.remove("websiteId");
                    return operations.createWebsiteVersion(caller, websiteId == null ? null : websiteId.toString(),
                            bind(body, PublishVersionRequest.class));
                },
                result -> "Version " + result.get("version") + " of website " + result.get("websiteId")
                        + (Boolean.TRUE.equals(result.get("isCurrent")) ? " is live at " + result.get("pageUrl")
                                : " is stored, not live; " + result.get("pageUrl") + " still serves the previous "
                                        + "version. Preview (for anyone with this link, 7 days): "
                                        + result.get("previewUrl")));
    }

    /** Publish's dry run (an extension): either publish's arguments, checked as it checks them, nothing stored. */
    private SyncToolSpecification validateBundle() {
        Map<String, String> descriptions = new HashMap<String, String>();
        descriptions.put("/properties/websiteId", "Given: checked as publish_version would. Omitted: as "
                + "publish_website would.");
        descriptions.put("/properties/files", FILES);
        String title = "Check a bundle without publishing";
        return tool("validate_bundle", title, """
                Check a bundle as a publish would, publishing nothing: valid, and every violation and warning (broken \
                links, blocked origins) the publish would report. sourceUrls are fetched; uploadKeys are not used \
                up.""" + RULES_THERE,
                schemas.inputOfEither("createWebsite", "createWebsiteVersion", descriptions),
                schemas.output("createWebsite", "200"), Set.of(),
                // Records nothing and may be repeated; open world: sourceUrls are fetched.
                new ToolAnnotations(null, true, false, true, true, null),
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
                "/properties/files", "One entry per file, each path at most once.",
                "/properties/files/items/properties/path", "The path the file will be published as.",
                "/properties/files/items/properties/contentType", "Optional; inferred from the path.",
                "/properties/files/items/properties/size", "Optional; then the PUT must send exactly this many "
                        + "bytes.");
        return tool("create_upload", "Create upload slots", "createUploads", """
                Upload slots for binary files (images, video, fonts, PDFs), so they need no base64. For each slot, \
                PUT the raw bytes to putUrl with the slot's Content-Type and no Authorization header within 1 hour \
                (expiresAt); then give {"path", "uploadKey"} among the files of a publish, which uses the slot up. \
                """, WRITE, descriptions,
                (caller, arguments) -> operations.createUploads(caller.accountId(),
                        bind(arguments, CreateUploadsRequest.class)),
                result -> "Upload slots allocated; PUT each file's bytes to its putUrl, then publish with its "
                        + "uploadKey.");
    }

    private SyncToolSpecification findMissingDigests() {
        Map<String, String> descriptions = Map.of(
                "/properties/websiteId", "Optional: the website you will publish to; its versions' files count too.",
                "/properties/sha256", "Each file's lowercase hex SHA-256, at most 200,000.");
        return tool("find_missing_digests", "Find files to send", "findMissingDigests", """
                Before republishing a big site: which of these SHA-256 digests the service has no file for. In                 the publish, give every other file as {"path", "sha256"} and send content only for the missing                 ones. Only your own files (and the website's) count.""", READ, descriptions,
                (caller, arguments) -> operations.findMissingDigests(caller.accountId(),
                        bind(arguments, MissingDigestsRequest.class)),
                result -> ((List<?>) result.get("missing")).size() + " digest(s) missing: send those files' "
                        + "content; name the others by sha256.");
    }

    private SyncToolSpecification uploadFiles() {
        Map<String, String> descriptions = Map.of("/properties/files", "Files with their content (text as it is, "
                + "binaries base64 with contentEncoding), each checked as a publish checks a file.");
        return tool("upload_files", "Send files ahead", "uploadFiles", """
                For a site too large for one publish call: send its files in batches, each file with its content, \
                then publish once giving every file as {"path", "sha256"} from the answers. A batch with a file \
                that breaks a rule stores nothing; the whole bundle (index.html, pages, links) is checked by the \
                publish.""",
                // Stores bytes only this account can name; the same batch again changes nothing.
                new ToolAnnotations(null, false, false, true, false, null), descriptions,
                (caller, arguments) -> operations.uploadFiles(caller.accountId(),
                        bind(arguments, UploadFilesRequest.class), Map.of()),
                result -> ((List<?>) result.get("files")).size() + " file(s) stored: name each by its sha256 in "
                        + "the publish.");
    }

    private SyncToolSpecification listWebsites() {
        return tool("list_websites", "List websites", "listWebsites", """
                The websites you own or edit, at most 50, most recently updated first (id, name, slug, pageUrl, \
                status, currentVersionId, role), and websiteLimits.""", READ, Map.of(),
                (caller, arguments) -> bodies.websiteList(reads.listWebsites(caller.accountId())),
                result -> ((List<?>) result.get("items")).size() + " website(s).");
    }

    private SyncToolSpecification getWebsite() {
        return tool("get_website", "Get a website", "getWebsite", """
                One website: status, live pageUrl, the current version, and every version with its number, \
                isCurrent, previewUrl and files.""", READ,
                Map.of("/properties/websiteId", WEBSITE_ID),
                (caller, arguments) -> bodies.website(reads.getWebsite(caller.accountId(), text(arguments, "websiteId"))),
                result -> "Website " + result.get("id") + " (" + result.get("slug") + "), status "
                        + result.get("status") + (result.get("pageUrl") == null ? "" : ", live at "
                                + result.get("pageUrl")));
    }

    private SyncToolSpecification listVersions() {
        return tool("list_versions", "List versions", "listWebsiteVersions", """
                Every version of a website, newest first: number, status, isCurrent, message (instruction), \
                previewUrl, files.""",
                READ, Map.of("/properties/websiteId", WEBSITE_ID),
                (caller, arguments) -> bodies.versions(reads.listWebsiteVersions(caller.accountId(),
                        text(arguments, "websiteId"))),
                result -> ((List<?>) result.get("versions")).size() + " version(s).");
    }

    private SyncToolSpecification getJobStatus() {
        return tool("get_job_status", "Get a publish job", "getJob", """
                A publish job's status, progressMessage and pageUrl. Publishes are synchronous: the job is ready \
                when the publish returns.""", READ,
                Map.of("/properties/jobId", "job_…, from a publish."),
                (caller, arguments) -> reads.getJob(caller.accountId(), text(arguments, "jobId")),
                result -> "Job " + result.get("jobId") + ": " + result.get("status") + ". "
                        + result.get("progressMessage"));
    }

    private SyncToolSpecification suggestSlug() {
        return tool("suggest_slug", "Suggest a slug", "suggestSlug", """
                Check a site name or draft slug before publish_website: suggestion is an available slug to use, \
                message says what to do when the input is not usable as it is.""", READ,
                Map.of("/properties/value", "A site name or draft slug, e.g. \"Café Müller\"."),
                (caller, arguments) -> bodies.slug(reads.suggestSlug(text(arguments, "value"))),
                result -> "Use slug \"" + result.get("suggestion") + "\" (" + result.get("pageUrl") + ")."
                        + (result.get("message") == null ? "" : " " + result.get("message")));
    }

    private SyncToolSpecification tool(String name, String title, String operationId, String description,
            boolean readOnly, Map<String, String> descriptions,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        // The annotations leave the title out: the tool carries it, and the list is read by every agent.
        return tool(name, title, operationId, description, readOnly
                        // Reads: read-only and idempotent, closed world (only this service's data).
                        ? new ToolAnnotations(null, true, false, true, false, null)
                        // Publishes add a version and never remove one: not destructive, not idempotent; open
                        // world (they publish to the public web and may fetch sourceUrls).
                        : new ToolAnnotations(null, false, false, false, true, null),
                descriptions, operation, summary);
    }

    /** A tool with annotations of its own (see VersionTools); otherwise as every tool here. */
    SyncToolSpecification tool(String name, String title, String operationId, String description,
            ToolAnnotations annotations, Map<String, String> descriptions,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        return tool(name, title, description, schemas.input(operationId, descriptions), schemas.output(operationId),
                schemas.requiredParameters(operationId), annotations, operation, summary);
    }

    /**
     * A tool whose schemas are not one operation's (validate_bundle); otherwise as every tool here.
     * {@code parameters} are the required arguments that no rule of the operation names when they are missing.
     */
    SyncToolSpecification tool(String name, String title, String description, Map<String, Object> input,
            Map<String, Object> output, Set<String> parameters, ToolAnnotations annotations,
            BiFunction<Actor, Map<String, Object>, Object> operation,
            Function<Map<String, Object>, String> summary) {
        Tool tool = Tool.builder().name(name).title(title).description(description.strip())
                .inputSchema(input)
                .outputSchema(output)
                .annotations(withoutDefaults(annotations))
                .build();
        // The operations that take an Idempotency-Key have the argument in their schema (see ToolSchemas).
        boolean keyed = input.get("properties") instanceof Map<?, ?> properties
                && properties.containsKey(IdempotentCalls.ARGUMENT);
        ToolArguments schema = ToolArguments.of(name, input, parameters);
        return new SyncToolSpecification(tool, (McpTransportContext context, CallToolRequest request) -> {
            Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
            // Checked before the idempotency record: a call that names no operation's arguments is not a request.
            var misfit = schema.check(arguments);
            if (misfit.isPresent()) {
                return results.failure(misfit.get());
            }
            Actor caller = CallerContext.caller(context);
            Function<Map<String, Object>, IdempotentCalls.Outcome> run = given -> run(operation, summary, caller,
                    given);
            return keyed ? idempotent.call(name, caller.accountId(), arguments, run, summary)
                    : run.apply(arguments).result();
        });
    }

    /**
     * The hints an agent would not assume: the MCP specification's defaults (not read-only, not idempotent, open
     * world) are left out, and so are destructive and idempotent on a read-only tool, where they mean nothing.
     * Whether a writing tool is destructive is always said.
     */
    private static ToolAnnotations withoutDefaults(ToolAnnotations hints) {
        boolean readOnly = Boolean.TRUE.equals(hints.readOnlyHint());
        return new ToolAnnotations(hints.title(), readOnly ? true : null,
                readOnly ? null : hints.destructiveHint(),
                readOnly || !Boolean.TRUE.equals(hints.idempotentHint()) ? null : true,
                Boolean.FALSE.equals(hints.openWorldHint()) ? false : null, hints.returnDirect());
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

    /** The envelope of a failed call, as every tool here answers it (a wrong shape as a REST body's). */
    ApiErrors.Failure failure(RuntimeException e) {
        return e instanceof UnboundArguments ? ApiErrors.malformed("The arguments are", e.getCause()) : ApiErrors.of(e);
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
