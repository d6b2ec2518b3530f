package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * publishDraft where the operator left anonymous drafts off (the default): refused without a token in the error
 * envelope, taken with one. Runs on the default contexts of both databases.
 */
public interface DraftsDisabledContract {
    Http http();

    @Test
    default void withoutATokenADraftIsRefusedWithItsOwnCodeAndWithOneItIsTaken() {
        Map<String, Object> body = Map.of("files", List.of(file("index.html", "<p>draft</p>")));
        Http.Response refused = http().post("/v1/drafts", null, body);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("DRAFTS_DISABLED");
        assertThat(refused.json().get("error").get("message").asString()).contains("token");

        Http.Response taken = http().post("/v1/drafts", EmbeddedAppTest.ALICE, body);
        assertThat(taken.status()).as(taken.text()).isEqualTo(201);
        assertThat(taken.json().get("claimUrl").asString()).contains("/claim?token=");

        Http.Response mcp = DraftsContract.mcpDraft(http(),
                "[{\"path\":\"index.html\",\"content\":\"<p>x</p>\"}]");
        assertThat(mcp.json().at("/result/isError").asBoolean()).as(mcp.text()).isTrue();
        assertThat(mcp.json().at("/result/structuredContent/error/code").asString()).isEqualTo("DRAFTS_DISABLED");

        Http.Response badToken = http().post("/v1/drafts", "sites_pat_nonsense", body);
        assertThat(badToken.status()).as("a token that is sent must be good").isEqualTo(401);
    }
}
