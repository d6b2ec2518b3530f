package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import io.sites.api.json.PublishDraftRequest;
import io.sites.app.usecases.DraftOperations;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * publish_draft, the REST extension publishDraft (POST /v1/drafts): a throwaway website that expires unless
 * claimed, built as {@link WebsiteTools} builds its tools. Over MCP the caller has a token, so its rate subject is
 * its account rather than an address (the REST door counts anonymous callers by address).
 */
final class DraftTools {
    static final String INSTRUCTIONS = """
            publish_draft publishes a throwaway website that expires in 24 h; give the person its claimUrl to keep it.""";

    private final DraftOperations drafts;
    private final WebsiteTools tools;

    DraftTools(DraftOperations drafts, WebsiteTools tools) {
        this.drafts = drafts;
        this.tools = tools;
    }

    List<SyncToolSpecification> specifications() {
        return List.of(publishDraft());
    }

    private SyncToolSpecification publishDraft() {
        return tools.tool("publish_draft", "Publish a throwaway draft", "publishDraft", """
                Publish inline files as a draft under a random slug, owned by no account: it expires at expiresAt \
                unless a person opens claimUrl signed in. No _headers, password or domains.""",
                // Not idempotent (each call is a new draft); open world: the public site appears.
                new ToolAnnotations(null, false, false, false, true, null),
                Map.of("/properties/files", "Inline files only (content)."),
                (caller, arguments) -> drafts.publishDraft(Optional.of(caller), "account:" + caller.accountId(),
                        tools.bind(arguments, PublishDraftRequest.class), Map.of()),
                result -> "Draft " + result.get("slug") + " is live at " + result.get("url") + " until "
                        + result.get("expiresAt") + "; to keep it, open " + result.get("claimUrl"));
    }
}
