package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * MCP requests for the fuzzer: initialize, tools/list, tools/call of each of the eight tools, ping, unknown methods,
 * notifications and batches, valid or mutated anywhere (envelope, params, arguments), with odd headers now and then.
 */
final class McpMessages {
    private final Random random;
    private final String websiteId;
    private final String jobId;
    private int nextId;

    McpMessages(Random random, String websiteId, String jobId) {
        this.random = random;
        this.websiteId = websiteId;
        this.jobId = jobId;
    }

    FuzzRequest request(JsonMutator mutator, String token) {
        Object message = random.nextInt(12) == 0 ? batch() : message();
        Object sent = random.nextInt(5) == 0 ? message : mutator.mutate(message);
        List<String> headers = new ArrayList<>();
        headers.add("Content-Type: " + (random.nextInt(10) == 0 ? mutator.pick(new String[] {"text/plain",
                "application/json; charset=utf-16", "application/json; charset=bogus", "application/jsonx", ""})
                : "application/json"));
        headers.add("Accept: " + (random.nextInt(10) == 0 ? mutator.pick(new String[] {"application/json",
                "text/event-stream", "*/*", "text/html"}) : "application/json, text/event-stream"));
        if (random.nextInt(10) != 0) {
            headers.add("Authorization: Bearer " + token);
        }
        if (random.nextInt(10) == 0) {
            headers.add(mutator.pick(new String[] {"MCP-Protocol-Version: 1999-01-01",
                    "MCP-Protocol-Version: 2025-06-18", "Origin: https://evil.example", "Origin: null",
                    "Mcp-Session-Id: abc", "MCP-Protocol-Version: \u00ff"}));
        }
        String target = random.nextInt(15) == 0 ? mutator.pick(new String[] {"/mcp?%ff", "/mcp/", "/mcp;x",
                "/mcp?x=%zz"}) : "/mcp";
        return new FuzzRequest("POST", target, headers, mutator.bytes(sent));
    }

    private List<Object> batch() {
        List<Object> batch = new ArrayList<>();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
            batch.add(message());
        }
        return batch;
    }

    private Map<String, Object> message() {
        return switch (random.nextInt(16)) {
            case 0 -> request("initialize", Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of(),
                    "clientInfo", Map.of("name", "fuzz", "version", "1")));
            case 1 -> request("tools/list", Map.of());
            case 2 -> request("ping", null);
            case 3 -> request(random.nextBoolean() ? "resources/list" : "no/such/method", Map.of());
            case 4 -> notification(random.nextBoolean() ? "notifications/initialized" : "notifications/cancelled",
                    Map.of("requestId", 1, "reason", "fuzz"));
            default -> call(random.nextInt(8));
        };
    }

    private Map<String, Object> call(int tool) {
        List<Object> files = List.of(file("index.html", "<p>fuzz</p>"));
        return request("tools/call", switch (tool) {
            case 0 -> tool("publish_website", Map.of("category", "other", "files", files));
            case 1 -> random.nextBoolean()
                    ? tool("publish_version", Map.of("websiteId", websiteId, "files", files, "promote", false))
                    : tool("publish_version", Map.of("websiteId", websiteId, "promote", false, "baseVersion", 1,
                            "ifCurrentVersion", 1, "deletePaths", List.of("old.html"), "files", List.of(
                                    file("index.html", "<p>edit</p>"), Map.of("path", "copy.html", "sha256",
                                            JsonFuzzTest.TARGET_INDEX_SHA256))));
            case 2 -> tool("create_upload", Map.of("files", List.of(Map.of("path", "b.png", "size", 3))));
            case 3 -> tool("list_websites", Map.of());
            case 4 -> tool("get_website", Map.of("websiteId", websiteId));
            case 5 -> tool("list_versions", Map.of("websiteId", websiteId));
            case 6 -> tool("get_job_status", Map.of("jobId", jobId));
            default -> tool("suggest_slug", Map.of("value", "Fuzz Bakery"));
        });
    }

    private static Map<String, Object> tool(String name, Map<String, Object> arguments) {
        return Map.of("name", name, "arguments", arguments);
    }

    private Map<String, Object> request(String method, Object params) {
        Map<String, Object> message = notification(method, params);
        message.put("id", random.nextBoolean() ? ++nextId : "req-" + ++nextId);
        return message;
    }

    private static Map<String, Object> notification(String method, Object params) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("method", method);
        if (params != null) {
            message.put("params", params);
        }
        return message;
    }
}
