package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * {@code _headers} as an attack, against the real service in a child JVM on a small heap that exits on
 * OutOfMemoryError: a value too large for a proxy (once a 500 with stack traces on the API's port), megabytes of
 * values (once the site server's end), and then the worst {@code _headers} the limits allow on many sites and paths,
 * requested on both ports: no 5xx, no OutOfMemoryError, no ERROR in the log, and the collector's peak printed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HeaderLimitsTest {
    /** The documented limits (README, "Redirects and headers"): what this test holds the service to. */
    private static final int VALUE_BYTES = 8 * 1024;
    private static final int PATH_BYTES = 32 * 1024;
    private static final int FILE_BYTES = 1024 * 1024;
    private static final String HEAP = "256m";
    private static final int SITES = 24;
    private static ServiceProcess service;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("sites-headers");
        service = new ServiceProcess(data, Map.of("SITES_SITE_HOST", "localhost",
                "SITES_PUBLISHES_PER_MINUTE", "1000000"), List.of("-Xmx" + HEAP, "-XX:+ExitOnOutOfMemoryError",
                "-Xlog:gc:file=" + data.resolve("gc.log")));
        service.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.close();
        }
    }

    @Test
    @Order(1)
    void aValueNoProxyPassesIsRefusedAtPublishWithItsLine() throws Exception {
        String slug = "huge-value";
        Http.Response published = service.api().post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Huge",
                file("index.html", "<p>home</p>"),
                file("_headers", "/*\n  X-Frame-Options: DENY\n  X-Huge: " + "a".repeat(200_000) + "\n")));
        assertRefused(published, slug, "HEADERS_TOO_LARGE", "line 3:");
    }

    @Test
    @Order(2)
    void megabytesOfValuesAreRefusedAtPublish() throws Exception {
        String slug = "many-values";
        StringBuilder headers = new StringBuilder("/*\n");
        for (int i = 0; headers.length() < 25_000_000; i++) {
            headers.append("  X-Pad-").append(i).append(": ").append("b".repeat(VALUE_BYTES - 16)).append('\n');
        }
        Http.Response published = service.api().post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Many",
                file("index.html", "<p>home</p>"), file("_headers", headers.toString())));
        // Above 1 MiB the file is refused unread, as a long _redirects is.
        assertRefused(published, slug, "TOO_MANY_RULES", null);
    }

    @Test
    @Order(3)
    void theWorstHeadersTheLimitsAllowOnManySitesAndPathsCostBoundedMemory() throws Exception {
        // The file's text (pattern lines, indentation and all) stays within its 1 MiB: one path block less.
        int blocks = FILE_BYTES / PATH_BYTES - 1;
        long liveBefore = service.heapPeaks().afterCollection();
        List<String> slugs = new ArrayList<>();
        for (int s = 0; s < SITES; s++) {
            String slug = "worst-headers-" + s;
            List<Map<String, Object>> files = new ArrayList<>(List.of(file("index.html", "<p>home</p>"),
                    file("_headers", worstHeaders(s, blocks))));
            for (int p = 0; p < blocks; p++) {
                files.add(file("p" + p + ".txt", "page " + p + " of " + s + "\n".repeat(40)));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object>[] asArray = files.toArray(new Map[0]);
            Http.Response published = service.api().post("/v1/websites", ServiceProcess.TOKEN,
                    site(slug, "Worst " + s, asArray));
            assertThat(published.status()).as("the limits allow this much: " + published.text()).isEqualTo(201);
            slugs.add(slug);
        }
        int requests = 0;
        int serverErrors = 0;
        int wrong = 0;
        for (int round = 0; round < 2; round++) {
            for (String slug : slugs) {
                for (int p = 0; p < blocks; p++) {
                    for (Http port : new Http[] {service.site(), service.api()}) {
                        for (String coding : new String[] {"gzip", "identity"}) {
                            Http.Response page = port.onHost(slug + ".localhost", "GET", "/p" + p + ".txt",
                                    "Accept-Encoding", coding);
                            requests++;
                            serverErrors += page.status() >= 500 ? 1 : 0;
                            String pad = page.header("X-Pad-0");
                            wrong += page.status() != 200 || pad == null || pad.length() < VALUE_BYTES - 64 ? 1 : 0;
                        }
                    }
                }
            }
        }
        ServiceProcess.HeapPeaks peak = service.heapPeaks();
        int oom = !service.alive() || Files.readString(service.log()).contains("OutOfMemoryError") ? 1 : 0;
        long errorLogs = Files.readAllLines(service.log()).stream().filter(line -> line.contains(" ERROR ")).count();
        System.out.println("ADVERSARIAL headers: heap=" + HEAP + " sites=" + SITES + " paths=" + SITES * blocks
                + " header-bytes-per-path=" + PATH_BYTES + " requests=" + requests + " peak-heap-mb="
                + peak.beforeMegabytes() + " peak-live-mb=" + peak.afterMegabytes() + " live-before-mb="
                + liveBefore / (1024 * 1024) + " 5xx=" + serverErrors + " wrong=" + wrong + " oom=" + oom
                + " error-logs=" + errorLogs);
        assertThat(oom).as("no OutOfMemoryError; logs in " + service.log() + ", " + service.gcLog()).isZero();
        assertThat(serverErrors).isZero();
        assertThat(wrong).as("every page with its rule headers").isZero();
        assertThat(errorLogs).as("nothing at ERROR; log in " + service.log()).isZero();
    }

    /** Blocks of one path each, each with headers of exactly the per-path limit: the file's limit in all. */
    private static String worstHeaders(int site, int blocks) {
        StringBuilder text = new StringBuilder("# the most a _headers file may hold\n");
        for (int p = 0; p < blocks; p++) {
            text.append("/p").append(p).append(".txt\n");
            int left = PATH_BYTES;
            for (int h = 0; left > 0; h++) {
                String name = "X-Pad-" + h;
                int line = Math.min(left, name.length() + 4 + VALUE_BYTES);
                // Each site's values differ, so no two sites share a parsed file or a head.
                String value = (site + "-" + p + "-").repeat(VALUE_BYTES).substring(0, line - name.length() - 4);
                text.append("  ").append(name).append(": ").append(value).append('\n');
                left -= line;
            }
        }
        return text.toString();
    }

    /**
     * A refused publish names the code (at its line, when {@code line} is given); one accepted (no limits) is then
     * served to show why.
     */
    private static void assertRefused(Http.Response published, String slug, String code, String line)
            throws Exception {
        if (published.status() == 201) {
            int serverErrors = 0;
            for (Http port : new Http[] {service.api(), service.site()}) {
                try {
                    serverErrors += port.onHost(slug + ".localhost", "GET", "/").status() >= 500 ? 1 : 0;
                } catch (RuntimeException broken) {
                    serverErrors++;
                }
            }
            assertThat(published.status()).as("accepted; then served with " + serverErrors + " 5xx, service alive: "
                    + service.alive()).isEqualTo(422);
        }
        assertThat(published.status()).as(published.text()).isEqualTo(422);
        JsonNode violation = published.json().get("error").get("violations").get(0);
        assertThat(violation.get("code").asString()).isEqualTo(code);
        assertThat(violation.get("path").asString()).isEqualTo("_headers");
        if (line != null) {
            assertThat(violation.get("detail").asString()).startsWith(line);
        }
        assertThat(service.alive()).isTrue();
    }
}
