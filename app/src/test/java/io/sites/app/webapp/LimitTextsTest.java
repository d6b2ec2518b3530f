package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.app.EmbeddedAppTest;
import io.sites.bundle.BundleLimits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** Every text that names a limit (MCP tool texts, the publish pages, their errors) says the limit as configured. */
@TestPropertySource(properties = {"sites.limits.file-bytes=10485760", "sites.limits.bundle-bytes=2147483648",
        "sites.limits.html-pages=7", "sites.limits.remote-files=5", "sites.limits.fetches-per-hour=9"})
class LimitTextsTest extends EmbeddedAppTest {
    private static final String[] AUTHORING_RULES = {"at most 7 HTML pages",
            "each file at most 10 MB (10,485,760 bytes), the bundle at most 2 GB",
            "at most 5 files per publish by sourceUrl or uploadKey", "9 fetches an hour per account"};

    @LocalServerPort
    int serverPort;

    @Test
    void theMcpTextsNameTheConfiguredLimits() throws Exception {
        String initialize = mcp("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
                 "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}""");
        // The rules, with their limits, are written once: in publish_website's description, which the
        // instructions point at.
        assertThat(initialize).contains("publish_website's description").doesNotContain("50 MB", "1 GB");
        String tools = mcp("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        assertThat(tools).contains(AUTHORING_RULES)
                .doesNotContain("50 MB", "1 GB", "15 HTML", "20 files", "200 fetches");
    }

    @Test
    void theOpenApiDocumentAndTheToolSchemasBoundAnUploadByTheConfiguredFileLimit() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort
                + "/v1/openapi.json")).build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"maximum\":10485760").doesNotContain("52428800");
        }
        String tools = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
        assertThat(tools).contains("\"maximum\":10485760").doesNotContain("52428800");
    }

    @Test
    void thePublishPageNamesTheConfiguredFileLimit() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        browser.signUp("limit-texts", "correct horse battery");
        assertThat(browser.get("/app/websites/new").body()).contains("At most 10 MB per file.");
    }

    @Test
    void anUnpackedArchiveIsRefusedWithTheConfiguredLimits() throws IOException {
        UploadedBundle uploads = new UploadedBundle(new BundleLimits(1024 * 1024, 3 * 1024 * 1024, 15, 20));
        // Zeros are as dense as archives get: the archive's size is given as one for which the ratio does not bind.
        long anySize = 1L << 30;
        UnpackedFiles unpacked = new UnpackedFiles(() -> Files.createTempDirectory("limit-texts"), (files, held) -> {
        });
        assertThat(uploads.unzip(zip("big.bin", 1024 * 1024 + 1), anySize, unpacked).problems())
                .extracting(Violation::detail)
                .containsExactly("Files are limited to 1 MB each; reading the archive stopped here.");
        assertThat(uploads.unzip(zip("1.bin", 1024 * 1024, "2.bin", 1024 * 1024, "3.bin", 1024 * 1024, "4.bin", 1),
                anySize, unpacked).problems()).extracting(Violation::detail)
                .containsExactly("A bundle is limited to 3 MB in all; reading the archive stopped here.");
    }

    private String mcp(String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + ALICE).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return response.body();
        }
    }

    /** Names and sizes: each entry is that many zero bytes. */
    private static ByteArrayInputStream zip(Object... namesAndSizes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndSizes.length; i += 2) {
                out.putNextEntry(new ZipEntry((String) namesAndSizes[i]));
                out.write(new byte[(Integer) namesAndSizes[i + 1]]);
                out.closeEntry();
            }
        }
        return new ByteArrayInputStream(bytes.toByteArray());
    }
}
