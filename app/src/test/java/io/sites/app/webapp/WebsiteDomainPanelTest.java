package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.usecases.DomainsContract;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.TestDns;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Settings view's Domains panel: add shows the records to create, verify serves the site, "Serve this name"
 * picks one of an apex/www pair, remove stops it.
 */
class WebsiteDomainPanelTest extends EmbeddedAppTest {
    @LocalServerPort
    int serverPort;

    @DynamicPropertySource
    static void domains(DynamicPropertyRegistry registry) {
        DomainsContract.domainProperties(registry);
    }

    @Test
    void theOwnerAddsVerifiesAndRemovesADomainFromTheSettingsView() {
        Browser owner = new Browser(serverPort, "127.0.0.1");
        owner.signUp("panel-owner", "correct horse battery");
        owner.get("/app/mcp");
        Matcher minted = Pattern.compile("id=\"token-value\">(sites_pat_[A-Za-z0-9_-]+)<")
                .matcher(owner.post("/app/mcp", Map.of("name", "setup", "expiry", "7")).body());
        assertThat(minted.find()).isTrue();
        String websiteId = http().post("/v1/websites", minted.group(1), Map.of("name", "Panel", "category", "other",
                "files", List.of(Map.of("path", "index.html", "content", "<h1>panel</h1>")))).json()
                .get("websiteId").asString();
        String settings = "/app/websites/" + websiteId + "/settings";
        String host = "www.panel-" + System.nanoTime() + ".test";

        assertThat(owner.get(settings).body()).contains("id=\"domains\"").contains("Add domain");
        owner.post("/app/websites/" + websiteId + "/domains", Map.of("hostname", "localhost"));
        assertThat(owner.get(settings).body()).contains("not a public hostname");
        owner.post("/app/websites/" + websiteId + "/domains", Map.of("hostname", host));
        String page = owner.get(settings).body();
        assertThat(page).contains("Added " + host).contains("_sites-challenge." + host).contains("data-copy=");
        Matcher token = Pattern.compile("id=\"txt-value-0\">([0-9a-f]+)<").matcher(page);
        assertThat(token.find()).as(page).isTrue();

        owner.post("/app/websites/" + websiteId + "/domains/verify", Map.of("hostname", host));
        assertThat(owner.get(settings).body()).contains("NXDOMAIN").contains("data-status=\"pending\"");
        TestDns.SHARED.setTxt("_sites-challenge." + host, token.group(1));
        owner.post("/app/websites/" + websiteId + "/domains/verify", Map.of("hostname", host));
        assertThat(owner.get(settings).body()).contains("is verified").contains("data-status=\"verified\"");
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<h1>panel</h1>");

        // Its apex too: www serves, the apex redirects until the owner serves the apex instead.
        String apex = host.substring("www.".length());
        owner.post("/app/websites/" + websiteId + "/domains", Map.of("hostname", apex));
        Matcher apexToken = Pattern.compile("id=\"txt-value-1\">([0-9a-f]+)<").matcher(owner.get(settings).body());
        assertThat(apexToken.find()).isTrue();
        TestDns.SHARED.setTxt("_sites-challenge." + apex, apexToken.group(1));
        owner.post("/app/websites/" + websiteId + "/domains/verify", Map.of("hostname", apex));
        assertThat(owner.get(settings).body()).contains("Redirects to " + host).contains("Serve this name");
        assertThat(http().onHost(apex, "GET", "/").status()).isEqualTo(308);
        owner.post("/app/websites/" + websiteId + "/domains/primary", Map.of("hostname", apex));
        assertThat(owner.get(settings).body()).contains(apex + " serves now").contains("Redirects to " + apex + ":");
        assertThat(http().onHost(apex, "GET", "/").text()).isEqualTo("<h1>panel</h1>");
        owner.post("/app/websites/" + websiteId + "/domains/remove", Map.of("hostname", apex));
        assertThat(owner.get(settings).body()).contains(apex + " is removed");
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<h1>panel</h1>");

        owner.post("/app/websites/" + websiteId + "/domains/remove", Map.of("hostname", host));
        assertThat(owner.get(settings).body()).contains(host + " is removed").doesNotContain("data-status=");
    }
}
