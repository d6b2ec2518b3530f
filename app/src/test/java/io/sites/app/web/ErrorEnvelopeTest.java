package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/** Every non-2xx answer of the service is the spec's JSON envelope: never an HTML page, never a stack trace. */
class ErrorEnvelopeTest extends PostgresAppTest {

    @Autowired
    JdbcTemplate jdbc;

    private static JsonNode envelope(Http.Response response, int status, String code) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode error = response.json().get("error");
        assertThat(error).as(response.text()).isNotNull();
        assertThat(error.get("code").asString()).isEqualTo(code);
        assertThat(error.get("message").asString()).isNotBlank();
        assertThat(response.text()).doesNotContain("Exception", "\tat ", "<html");
        return error;
    }

    /**
     * Found by JsonFuzzTest: a JSON body sent as a form, its one "parameter name" holding a control character that
     * Spring Security's firewall refuses when the body is first read, was a 500.
     */
    @Test
    void aFormBodyWhoseParameterNameTheFirewallRefusesIs400() {
        Http.Response response = http().send("POST", "/v1/websites/web_nothere/domains", ALICE,
                "application/x-www-form-urlencoded", "{\"hostname\":nu\u0001ll}");
        envelope(response, 400, "BAD_REQUEST");
        assertThat(response.text()).doesNotContain("hostname");
    }

    @Test
    void missingTokenIs401WithAChallengePointingAtTheMetadata() {
        Http.Response response = http().post("/v1/websites", null, site(null, "x", file("index.html", "x")));
        envelope(response, 401, "AUTH_REQUIRED");
        assertThat(response.header("WWW-Authenticate"))
                .startsWith("Bearer resource_metadata=\"")
                .contains("/.well-known/oauth-protected-resource\"")
                .doesNotContain("invalid_token");
    }

    @Test
    void invalidTokenIs401WithInvalidTokenError() {
        Http.Response response = http().get("/v1/jobs/job_abc", "sites_pat_notatokenweknow0000000000000000000");
        envelope(response, 401, "AUTH_REQUIRED");
        assertThat(response.header("WWW-Authenticate")).contains("error=\"invalid_token\"");
    }

    @Test
    void theIndexNeedsNoToken() {
        Http.Response index = http().get("/v1", null);
        assertThat(index.status()).isEqualTo(200);
        assertThat(index.json().get("mcp").asString()).endsWith("/mcp");
        assertThat(http().get("/.well-known/oauth-protected-resource", null).json().get("scopes_supported")
                .get(0).asString()).isEqualTo("mcp");
    }

    /** JSON's null as a publish body is a missing body, in any charset: 400 in the envelope, never a 500. */
    @Test
    void aNullBodyIsAMissingBody() {
        String websiteId = http().post("/v1/websites", ALICE, site(null, "Null body", file("index.html", "<p>n</p>")))
                .json().get("websiteId").asString();
        for (String path : List.of("/v1/websites", "/v1/websites/" + websiteId + "/versions")) {
            for (String type : List.of("application/json", "application/json; charset=utf-16")) {
                Http.Response response = http().send("POST", path, ALICE, type, "null");
                assertThat(response.status()).as(path + " " + type + ": " + response.text()).isEqualTo(400);
                assertThat(response.json().get("error").get("code").asString()).isIn("MALFORMED_JSON",
                        "VALIDATION_FAILED");
            }
        }
    }

    @Test
    void malformedJson() {
        envelope(http().post("/v1/websites", ALICE, "{\"name\": "), 400, "MALFORMED_JSON");
        envelope(http().post("/v1/websites", ALICE, "[1,2]"), 400, "MALFORMED_JSON");
        // Where, and what belongs there, in JSON's words: no Java type or package names.
        JsonNode shape = envelope(http().post("/v1/websites", ALICE, "{\"files\": 7, \"category\": \"other\"}"),
                400, "MALFORMED_JSON");
        assertThat(shape.get("message").asString()).endsWith("at files: expected a list.")
                .doesNotContain("java", "`");
    }

    @Test
    void unknownRoutes() {
        envelope(http().get("/v1/nothing-here", ALICE), 404, "NOT_FOUND");
        envelope(http().get("/definitely/not/here", null), 404, "NOT_FOUND");
        envelope(http().get("/v1/jobs/not-a-job-id", ALICE), 404, "NOT_FOUND");
        envelope(http().get("/v1/jobs/job_unknown7", ALICE), 404, "NOT_FOUND");
    }

    @Test
    void requestsTomcatRefusesBeforeAnyServletStillGetTheEnvelope() throws Exception {
        for (String path : new String[] {"/v1/%zz", "/v1/websites/%2e%2e/versions", "/%c0%ae%c0%ae/etc"}) {
            String raw = rawGet(path);
            assertThat(raw).as(path).startsWith("HTTP/1.1 400");
            assertThat(raw).as(path).contains("Content-Type: application/json")
                    .contains("{\"error\":{\"code\":\"BAD_REQUEST\"").doesNotContain("<html");
        }
    }

    @Test
    void anUndecodableQueryParameterIsABadRequestNotAFault() throws Exception {
        for (String value : new String[] {"%ff", "%", "%zz", "%c0%af", "%e2%82", "ok&%ed%a0%80=x"}) {
            String raw = rawGet("/v1/slugs/suggest?value=" + value, ALICE);
            assertThat(raw).as(value).startsWith("HTTP/1.1 400");
            assertThat(raw).as(value).contains("Content-Type: application/json")
                    .contains("{\"error\":{\"code\":\"BAD_REQUEST\"").contains("Percent-encode")
                    .doesNotContain("Exception", "Reference", "<html");
        }
        // Every query is decoded before anything reads it: also where no operation reads a parameter, and where a
        // page template would (the sign-in page's "error" once made a 500 while rendering).
        for (String path : new String[] {"/v1/websites?x=%ff", "/v1?%", "/v1/jobs/job_abc?x=%zz",
                "/app/login?error=%ff", "/app/signup?x=%c0%af", "/oauth2/authorize?response_type=%ff", "/mcp?x=%ff",
                "/.well-known/oauth-protected-resource?x=%ff"}) {
            String raw = rawGet(path, path.startsWith("/v1") ? ALICE : null);
            assertThat(raw).as(path).startsWith("HTTP/1.1 400").contains("{\"error\":{\"code\":\"BAD_REQUEST\"")
                    .doesNotContain("Exception", "Reference", "<html");
        }
    }

    @Test
    void theErrorPageAskedForDirectlyIsNotFound() {
        envelope(http().get("/error", null), 404, "NOT_FOUND");
        envelope(http().get("/error", ALICE), 404, "NOT_FOUND");
        envelope(http().send("POST", "/error", null, "application/json", "{}"), 404, "NOT_FOUND");
    }

    private String rawGet(String path) throws Exception {
        return rawGet(path, null);
    }

    private String rawGet(String path, String token) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            String authorization = token == null ? "" : "Authorization: Bearer " + token + "\r\n";
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + authorization
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void wrongMethod() {
        Http.Response response = http().send("DELETE", "/v1/websites", ALICE, null, null);
        envelope(response, 405, "METHOD_NOT_ALLOWED");
        assertThat(response.header("Allow")).contains("POST");
    }

    @Test
    void unsupportedMediaType() {
        envelope(http().send("POST", "/v1/websites", ALICE, "text/plain", "hello"), 415, "UNSUPPORTED_MEDIA_TYPE");
        // A wildcard is no media type: Spring's request headers throw on it, which once made this a 500.
        for (String wildcard : new String[] {"application/*", "*/*", "application/*; charset=utf-8"}) {
            envelope(http().send("POST", "/v1/websites/web_aaaaaaaaaaaaaaaaaaaaaaaaaa/domains", ALICE, wildcard,
                    "{\"hostname\":\"www.example.org\"}"), 415, "UNSUPPORTED_MEDIA_TYPE");
        }
    }

    @Test
    void aRefusedPublishAppendsNoEvent() {
        Integer before = jdbc.queryForObject("select count(*) from domainevententry", Integer.class);
        Http.Response response = http().post("/v1/websites", ALICE, site(null, "x", file("page.html", "no index")));
        envelope(response, 422, "PUBLISH_INVALID");
        assertThat(response.json().get("error").get("violations").get(0).get("code").asString())
                .isEqualTo("MISSING_INDEX");
        assertThat(jdbc.queryForObject("select count(*) from domainevententry", Integer.class)).isEqualTo(before);
    }
}
