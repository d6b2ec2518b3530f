package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What the SDK alone answered with a serialized Java exception (and some with a 500): each is now the JSON-RPC
 * error that names the mistake, id null when the request's id cannot be read.
 */
class McpMalformedRequestsTest extends EmbeddedAppTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int serverPort;

    @Test
    void argumentsThatAreNotAnObjectAreInvalidParams() throws Exception {
        JsonNode error = error(post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"list_websites\",\"arguments\":5}}"), 200, -32602, 7);
        assertThat(error.get("message").asString()).contains("tools/call", "arguments: object");
        error(post("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/call\",\"params\":7}"), 200, -32602, "a");
        error(post("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}"),
                200, -32602, 8);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":[]}"), 200, -32602, 9);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"initialize\"}"), 200, -32602, 10);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{\"roots\":7},\"clientInfo\":{\"name\":\"a\",\"version\":\"1\"}}}"),
                200, -32602, 11);
    }

    @Test
    void aBodyThatIsNotOneJsonRpcMessageIsRefusedWithIdNull() throws Exception {
        error(post("{"), 400, -32700, null);
        error(post(""), 400, -32700, null);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} {}"), 400, -32700, null);
        error(post("null"), 400, -32600, null);
        error(post("5"), 400, -32600, null);
        JsonNode batch = error(post("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]"), 400, -32600, null);
        assertThat(batch.get("message").asString()).contains("Batches");
        error(post("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}"), 400, -32600, 3);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}"), 400, -32600, null);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}"), 400, -32600, null);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":5}"), 400, -32600, 4);
        error(post("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"), 400, -32600, 5);
        HttpResponse<String> notUtf8 = send(HttpRequest.BodyPublishers.ofByteArray(
                new byte[] {'{', '"', (byte) 0xff, '"', ':', '1', '}'}), "application/json",
                "application/json, text/event-stream");
        error(notUtf8, 400, -32700, null);
    }

    @Test
    void unknownMethodsAndNotificationsAreAnsweredAsJsonRpcSays() throws Exception {
        error(post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no/such/method\"}"), 200, -32601, 1);
        for (String notification : new String[] {"notifications/initialized", "notifications/cancelled",
                "notifications/anything"}) {
            HttpResponse<String> accepted = post("{\"jsonrpc\":\"2.0\",\"method\":\"" + notification + "\"}");
            assertThat(accepted.statusCode()).as(notification).isEqualTo(202);
            assertThat(accepted.body()).isEmpty();
        }
        JsonNode pong = Http.JSON.readTree(post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}").body());
        assertThat(pong.get("result").isObject()).isTrue();
    }

    @Test
    void anUnknownToolIsNamedAndTheToolsAreListed() throws Exception {
        JsonNode error = error(post("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"get_websites\",\"arguments\":{}}}"), 200, -32602, 12);
        assertThat(error.get("message").asString()).contains("\"get_websites\"", "list_websites", "get_website,",
                "publish_website", "get_history");
    }

    @Test
    void aWrongContentTypeOrAcceptIsAJsonRpcErrorNotAnException() throws Exception {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        error(send(HttpRequest.BodyPublishers.ofString(ping), "text/plain", "application/json, text/event-stream"),
                415, -32600, null);
        JsonNode accept = error(send(HttpRequest.BodyPublishers.ofString(ping), "application/json",
                "application/json"), 400, -32600, null);
        assertThat(accept.get("message").asString()).contains("text/event-stream");
    }

    private JsonNode error(HttpResponse<String> response, int status, int code, Object id) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(response.body()).doesNotContain("Exception", "java.", "at io.").hasSizeLessThan(1000);
        JsonNode body = Http.JSON.readTree(response.body());
        assertThat(body.get("jsonrpc").asString()).isEqualTo("2.0");
        if (id == null) {
            assertThat(body.get("id").isNull()).as(response.body()).isTrue();
        } else if (id instanceof Integer number) {
            assertThat(body.get("id").asInt()).isEqualTo(number);
        } else {
            assertThat(body.get("id").asString()).isEqualTo(id);
        }
        JsonNode error = body.get("error");
        assertThat(error.get("code").asInt()).as(response.body()).isEqualTo(code);
        assertThat(error.get("message").asString()).isNotBlank();
        return error;
    }

    private HttpResponse<String> post(String body) throws Exception {
        return send(HttpRequest.BodyPublishers.ofString(body), "application/json",
                "application/json, text/event-stream");
    }

    private HttpResponse<String> send(HttpRequest.BodyPublisher body, String contentType, String accept)
            throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + "/mcp"))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + ALICE)
                .header("Content-Type", contentType).header("Accept", accept).POST(body).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
