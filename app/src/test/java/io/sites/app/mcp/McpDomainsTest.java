package io.sites.app.mcp;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.usecases.DomainsContract;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.NodeScripts;
import io.sites.app.TestDns;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** The custom domain tools through the official TypeScript MCP client, against the loopback DNS server. */
class McpDomainsTest extends EmbeddedAppTest {
    @DynamicPropertySource
    static void domains(DynamicPropertyRegistry registry) {
        DomainsContract.domainProperties(registry);
    }

    @Test
    void theDomainToolsAddListVerifyAndRemoveAsRestDoes() throws Exception {
        String slug = unique("mcp-dom");
        Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Domains", file("index.html",
                "<p>mcp</p>")));
        String id = created.json().get("websiteId").asString();
        String verified = "www." + slug + ".test";
        String token = http().post("/v1/websites/" + id + "/domains", ALICE, Map.of("hostname", verified)).json()
                .get("verification").get("value").asString();
        TestDns.SHARED.setTxt("_sites-challenge." + verified, token);
        String fresh = "shop." + slug + ".test";

        JsonNode report = Http.JSON.readTree(NodeScripts.run("mcp-domains.mjs", Map.of(
                "MCP_URL", "http://127.0.0.1:" + http().port() + "/mcp", "MCP_TOKEN", ALICE, "WEBSITE_ID", id,
                "VERIFIED_HOST", verified, "NEW_HOST", fresh), 180).succeeded().stdout());
        JsonNode calls = report.get("calls");
        assertThat(report.get("tools").toString()).contains("add_domain", "list_domains", "verify_domain",
                "remove_domain");
        JsonNode added = calls.get("add_domain");
        assertThat(added.get("isError").asBoolean()).as(added.toString()).isFalse();
        assertThat(added.get("structuredContent").get("verification").get("name").asString())
                .isEqualTo("_sites-challenge." + fresh);
        assertThat(calls.get("list_domains").get("structuredContent").get("domains").size()).isEqualTo(2);
        JsonNode unverified = calls.get("verify_unverified");
        assertThat(unverified.get("isError").asBoolean()).isTrue();
        assertThat(unverified.get("structuredContent").get("error").get("code").asString())
                .isEqualTo("DOMAIN_UNVERIFIED");
        assertThat(calls.get("verify_domain").get("structuredContent").get("status").asString())
                .as(calls.get("verify_domain").toString()).isEqualTo("verified");
        assertThat(calls.get("remove_domain").get("isError").asBoolean()).isFalse();
        assertThat(calls.get("add_invalid").get("structuredContent").get("error").get("code").asString())
                .isEqualTo("DOMAIN_INVALID");
        assertThat(http().onHost(verified, "GET", "/").text()).isEqualTo("<p>mcp</p>");
    }
}
