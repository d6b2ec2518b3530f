package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.api.json.PublishDraftRequest;
import io.sites.app.usecases.DraftOperations;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * publish_draft, the REST extension publishDraft (POST /v1/drafts): a throwaway website that expires unless
 * claimed, built as {@link WebsiteTools} builds its tools. Over MCP the caller has a token, so its rate subject is
 * its account rather than an address (the REST door counts anonymous callers by address).
 */
final class DraftTools {
    /** The MCP endpoint without a token, whose one tool is publish_draft. */
    static final String PATH = "/mcp/drafts";
    static final String INSTRUCTIONS = """
            publish_draft publishes a throwaway website that expires in 24 h; give the person its claimUrl to keep it.""";

    /** Inline files only: the publish's file object without its remote sources keeps the tool list small. */
    private static final Map<String, Object> INPUT = Map.of("type", "object", "properties", Map.of(
            "name", Map.of("type", "string", "maxLength", 120),
            "files", Map.of("type", "array", "minItems", 1, "items", Map.of("type", "object", "properties", Map.of(
                    "path", Map.of("type", "string"), "content", Map.of("type", "string"),
                    "contentEncoding", Map.of("enum", List.of("utf8", "base64"))),
                    "required", List.of("path", "content")))),
            "required", List.of("files"));

    private final DraftOperations drafts;
    private final WebsiteTools tools;
    private final ToolSchemas schemas;

    DraftTools(DraftOperations drafts, WebsiteTools tools, ToolSchemas schemas) {
        this.drafts = drafts;
        this.tools = tools;
        this.schemas = schemas;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(publishDraft());
    }

    /**
     * publish_draft for {@link #PATH}, where no token is taken: the same tool, answered for nobody, its drafts
     * counted by the client's address; DRAFTS_DISABLED unless the operator enabled anonymous drafts.
     */
    SyncToolSpecification anonymousPublishDraft(ToolResults results) {
        SyncToolSpecification tool = publishDraft();
        return new SyncToolSpecification(tool.tool(), (context, request) -> {
            Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
            try {
                Map<String, Object> structured = results.structured(drafts.publishDraft(Optional.empty(),
                        CallerContext.address(context), tools.bind(arguments, PublishDraftRequest.class), Map.of()));
                return results.success(summary(structured), structured);
            } catch (RuntimeException refused) {
                return results.failure(tools.failure(refused));
            }
        });
    }

    private static String summary(Map<String, Object> result) {
        return "Draft " + result.get("slug") + " is live at " + result.get("url") + " until " + result.get("expiresAt")
                + "; to keep it, open " + result.get("claimUrl");
    }

    private SyncToolSpecification publishDraft() {
        return tools.tool("publish_draft", "Publish a throwaway draft", """
                A throwaway website from inline files, owned by nobody: gone at expiresAt unless a person opens \
                claimUrl. No _headers.""", INPUT, schemas.output("publishDraft"), Set.of(),
                // Not idempotent (each call is a new draft); open world: the public site appears.
                new ToolAnnotations(null, false, false, false, true, null),
                (caller, arguments) -> drafts.publishDraft(Optional.of(caller), "account:" + caller.accountId(),
                        tools.bind(arguments, PublishDraftRequest.class), Map.of()),
                DraftTools::summary);
    }
}
