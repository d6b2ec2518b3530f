package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** The memory budget for request bodies, made small here so that it is cheap to exhaust. */
@TestPropertySource(properties = {"sites.limits.body-memory-bytes=1048576", "sites.limits.body-memory-wait=200ms"})
class BodyAdmissionTest extends EmbeddedAppTest {
    private static final String FILES = "{\"files\":[{\"path\":\"index.html\",\"content\":\"" + "x".repeat(20_000)
            + "\"}]}";

    @Autowired
    BodyAdmission admission;

    @Test
    void whileTheBudgetIsTakenBodiesAreTurnedAwayWithRetryAfterOnBothInterfaces() {
        try (MemoryBudget.Reservation everything = admission.reserve(1_048_576)) {
            Http.Response rest = http().send("POST", "/v1/websites", ALICE, "application/json", FILES);
            assertThat(rest.status()).as(rest.text()).isEqualTo(503);
            assertThat(rest.header("Retry-After")).isEqualTo("1");
            assertThat(rest.json().get("error").get("code").asString()).isEqualTo("SERVER_BUSY");
            assertThat(rest.json().get("error").get("message").asString()).contains("again in 1 seconds");

            Http.Response mcp = http().mcp(ALICE,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"publish_website\","
                            + "\"arguments\":" + FILES + "}}");
            assertThat(mcp.status()).as(mcp.text()).isEqualTo(503);
            assertThat(mcp.header("Retry-After")).isEqualTo("1");
            JsonNode error = mcp.json().get("error");
            assertThat(mcp.json().get("jsonrpc").asString()).isEqualTo("2.0");
            assertThat(error.get("message").asString()).contains("again in 1 seconds");
        }
        Http.Response admitted = http().send("POST", "/v1/websites", ALICE, "application/json", FILES);
        assertThat(admitted.status()).as("taken in once memory is free: " + admitted.text()).isEqualTo(422);
    }

    @Test
    void aBodyNeedingMoreThanTheWholeBudgetIsTooLarge() {
        Http.Response refused = http().send("POST", "/v1/uploads", ALICE, "application/json",
                "{\"files\":[{\"path\":\"" + "a".repeat(300_000) + "\"}]}");
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void aBodyOfManyTinyFilesReservesByItsTokensNotOnlyItsBytes() {
        // 100 KB of tiny file objects: 400 KB by its bytes would fit the 1 MiB budget, but bound it is a record,
        // strings and a bundle entry per file, about 20,000 tokens; reserved by those, it could never fit.
        StringBuilder files = new StringBuilder("{\"category\":\"other\",\"files\":[");
        for (int i = 0; files.length() < 100_000; i++) {
            files.append(i == 0 ? "" : ",").append("{\"path\":\"p").append(i).append(".css\",\"content\":\"\"}");
        }
        Http.Response refused = http().send("POST", "/v1/websites", ALICE, "application/json", files + "]}");
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("error").get("message").asString()).contains("more memory");

        Http.Response sameBytesFewTokens = http().send("POST", "/v1/websites", ALICE, "application/json",
                "{\"category\":\"other\",\"files\":[{\"path\":\"index.html\",\"content\":\""
                        + "x".repeat(100_000) + "\"}]}");
        assertThat(sameBytesFewTokens.status()).as(sameBytesFewTokens.text()).isEqualTo(201);
    }
}
