package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;

/** What the official client's run reports of publish_draft, on /mcp with a token and on /mcp/drafts without. */
final class McpDraftCalls {
    private McpDraftCalls() {
    }

    static void check(JsonNode report) {
        JsonNode calls = report.get("calls");
        JsonNode draft = calls.get("publish_draft").get("structuredContent");
        assertThat(draft.get("slug").asString()).startsWith("draft-");
        assertThat(draft.get("claimUrl").asString()).contains("/app/drafts/" + draft.get("websiteId").asString()
                + "/claim?token=");
        assertThat(calls.get("publish_draft_headers").get("structuredContent").at("/error/code").asString())
                .isEqualTo("DRAFT_RESTRICTED");
        // Without a token, at {mcp}/drafts: only publish_draft, refused here (the operator left anonymous drafts off).
        JsonNode anonymous = report.get("anonymousDraft");
        assertThat(anonymous.get("tools")).extracting(JsonNode::asString).containsExactly("publish_draft");
        assertThat(anonymous.at("/draft/isError").asBoolean()).as(anonymous.toString()).isTrue();
        assertThat(anonymous.at("/draft/structuredContent/error/code").asString()).isEqualTo("DRAFTS_DISABLED");
    }
}
