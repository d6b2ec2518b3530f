package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.PreviewLinks;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The official TypeScript client's whole session (every tool, an upload, a stored version) on the production
 * shape, PostgreSQL: what McpEndpointTest checks in detail on the embedded default must hold here too.
 */
class McpPostgresTest extends PostgresAppTest {
    @LocalServerPort
    int port;

    @Test
    void theOfficialClientPublishesThroughEveryToolOnPostgres() throws Exception {
        JsonNode report = McpEndpointTest.clientReport(port, ALICE);

        JsonNode calls = report.get("calls");
        for (String call : List.of("suggest_slug", "publish_website", "create_upload", "publish_version",
                "publish_version_stored", "list_websites", "get_website", "list_versions", "get_job_status")) {
            assertThat(calls.get(call).has("protocolError")).as(call + ": " + calls.get(call)).isFalse();
            assertThat(calls.get(call).get("isError").asBoolean()).as(call + ": " + calls.get(call)).isFalse();
        }
        assertThat(calls.get("invalid_bundle").get("structuredContent").get("error").get("code").asString())
                .isEqualTo("PUBLISH_INVALID");
        assertThat(report.get("uploadPut").get("status").asInt()).isEqualTo(200);

        String slug = report.get("slug").asString();
        Http.Response page = http().site(slug, "/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("Fresh bread v2").doesNotContain("Draft v3");
        Http.Response rest = http().get("/v1/websites/" + report.get("websiteId").asString(), ALICE);
        assertThat(PreviewLinks.withoutGrants(rest.json()))
                .isEqualTo(PreviewLinks.withoutGrants(calls.get("get_website").get("structuredContent")));
    }
}
