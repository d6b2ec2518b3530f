package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.ServiceProcess;
import io.sites.app.webapp.Browser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Zip bombs posted through the web application, signed in as a person, to the new-website form and to the
 * new-version form of the real service in a JVM of its own on a 256 MB heap that exits on OutOfMemoryError: every
 * archive is answered with a page of the web application (the violation, or a 413 page), never an
 * OutOfMemoryError, a 5xx or a stack trace, and the service serves on. Prints the largest heap the collector saw.
 */
class ZipBombTest {
    private static final String HEAP = "256m";
    private static final int FOLDER_PARTS = 200;
    private static final Pattern WEBSITE = Pattern.compile("/app/websites/(web_[A-Za-z0-9_-]+)\"");
    private static final Pattern CODE = Pattern.compile("data-code=\"([A-Z_]+)\"");
    private static ServiceProcess service;
    private static Path bombs;

    @BeforeAll
    static void start() throws Exception {
        bombs = Files.createTempDirectory("sites-zip-bombs");
        service = ServiceProcess.onSmallHeap(HEAP);
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.close();
        }
        if (bombs != null) {
            try (var files = Files.list(bombs)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(bombs);
        }
    }

    @Test
    void zipBombsToBothFormsGetAPageNeverTheHeap() throws Exception {
        Browser browser = new Browser(service.apiPort(), "127.0.0.91");
        assertThat(browser.signUp("bomber-" + System.nanoTime() % 100_000, "correct horse battery").statusCode())
                .isEqualTo(302);
        String website = createOne(browser);

        Path twenty = ZipBombs.twentyFiftyMegabyteZeros(bombs);
        Map<String, Path> archives = new LinkedHashMap<>();
        archives.put("twenty-zeros", twenty);
        archives.put("one-huge-entry", ZipBombs.oneHugeEntry(bombs));
        archives.put("many-entries", ZipBombs.manyEntries(bombs));
        archives.put("nested", ZipBombs.nested(bombs, twenty));
        archives.put("lying-size", ZipBombs.lyingSize(bombs));
        archives.put("scripts-past-the-budget", ZipBombs.scriptsPastTheBudget(bombs));

        int posts = 0;
        int refused = 0;
        int published = 0;
        int serverErrors = 0;
        List<String> wrong = new ArrayList<>();
        Map<String, Integer> answers = new java.util.TreeMap<>();
        for (Map.Entry<String, Path> archive : archives.entrySet()) {
            for (String form : List.of("/app/websites/new", "/app/websites/" + website + "/versions")) {
                HttpResponse<String> answer;
                try {
                    browser.get(form.endsWith("/new") ? form : "/app/websites/" + website);
                    answer = browser.postFile(form, form.endsWith("/new") ? Map.of("name", archive.getKey())
                            : Map.of("message", archive.getKey()), "zip", archive.getValue());
                } catch (UncheckedIOException connectionLost) {
                    serverErrors++;
                    wrong.add(archive.getKey() + " to " + form + ": no answer (" + connectionLost.getMessage() + ")");
                    break;
                }
                posts++;
                int status = answer.statusCode();
                String page = answer.body();
                Matcher code = CODE.matcher(page);
                answers.merge(status + (code.find() ? "-" + code.group(1) : ""), 1, Integer::sum);
                String type = answer.headers().firstValue("Content-Type").orElse("");
                if (status >= 500) {
                    serverErrors++;
                }
                if (status == 302 && answer.headers().firstValue("Location").orElse("").contains("/app/jobs/")) {
                    published++;
                } else if (status == 413 || status == 422) {
                    refused++;
                    if (!type.startsWith("text/html") || !page.contains("</html>")) {
                        wrong.add(archive.getKey() + " to " + form + ": not a page: " + type);
                    }
                    if (status == 413 && !page.contains("too large to unpack")) {
                        wrong.add(archive.getKey() + " to " + form + ": not the 413 page: " + abbreviated(page));
                    }
                } else {
                    wrong.add(archive.getKey() + " to " + form + ": " + status + " " + abbreviated(page));
                }
                if (page.contains("Exception") || page.contains("\tat ") || page.contains("at io.sites")) {
                    wrong.add(archive.getKey() + " to " + form + ": a stack trace: " + abbreviated(page));
                }
            }
            if (!service.alive()) {
                break;
            }
        }
        // A chosen folder of 200 parts of 1,000,000 bytes: each below the size a part may be held in memory at.
        if (service.alive()) {
            Path megabyte = bombs.resolve("megabyte.bin");
            Files.write(megabyte, new byte[1_000_000]);
            List<Path> parts = new ArrayList<>(java.util.Collections.nCopies(FOLDER_PARTS, megabyte));
            StringBuilder paths = new StringBuilder();
            for (int i = 0; i < FOLDER_PARTS; i++) {
                paths.append(i == 0 ? "" : "\n").append("site/part-").append(i).append(".bin");
            }
            try {
                browser.get("/app/websites/new");
                HttpResponse<String> answer = browser.postFiles("/app/websites/new", Map.of("name", "folder",
                        "paths", paths.toString()), "files", parts);
                posts++;
                Matcher code = CODE.matcher(answer.body());
                answers.merge("folder-" + answer.statusCode() + (code.find() ? "-" + code.group(1) : ""), 1,
                        Integer::sum);
                if (answer.statusCode() >= 500) {
                    serverErrors++;
                    wrong.add("a folder of " + FOLDER_PARTS + " parts: " + answer.statusCode());
                }
            } catch (UncheckedIOException connectionLost) {
                serverErrors++;
                wrong.add("a folder of " + FOLDER_PARTS + " parts: no answer (" + connectionLost.getMessage() + ")");
            }
        }
        long leftBehind;
        try (var spooled = Files.list(service.data().resolve("tmp").resolve("bodies"))) {
            leftBehind = spooled.count();
        }
        ServiceProcess.HeapPeaks peak = service.heapPeaks();
        List<String> logged = service.problems(0);
        int oom = !service.alive() || Files.readString(service.log()).contains("OutOfMemoryError") ? 1 : 0;
        System.out.println("ADVERSARIAL zip-bomb: heap=" + HEAP + " archives=" + archives.size() + " posts=" + posts
                + " refused=" + refused + " published=" + published + " answers=" + answers.toString().replace(" ", "")
                + " peak-heap=" + peak.beforeMegabytes() + "m peak-after-gc=" + peak.afterMegabytes() + "m"
                + " oom=" + oom + " 5xx=" + serverErrors + " error-or-warn-logs=" + logged.size()
                + " spool-left-behind=" + leftBehind);
        assertThat(oom).as("no OutOfMemoryError; logs in " + service.log() + ", " + service.gcLog()).isZero();
        assertThat(serverErrors).as("no 5xx: " + wrong).isZero();
        assertThat(wrong).isEmpty();
        assertThat(logged).as("a tenant's bomb is no fault of the service's").isEmpty();
        assertThat(leftBehind).as("every request's temporary directory is gone with it").isZero();
        assertThat(refused).as("every archive is refused").isEqualTo(2 * archives.size());
        assertThat(answers).as("a refusal for memory is the web application's 413 page")
                .containsEntry("413", 2);
        assertThat(browser.get("/app/websites").statusCode()).isEqualTo(200);
    }

    /** A small website made through the same form, for the new-version form to publish to. */
    private static String createOne(Browser browser) throws IOException {
        Path small = bombs.resolve("small.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(small))) {
            out.putNextEntry(new java.util.zip.ZipEntry("site/index.html"));
            out.write(ZipBombs.INDEX.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        browser.get("/app/websites/new");
        HttpResponse<String> created = browser.postFile("/app/websites/new", Map.of("name", "Target"), "zip", small);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
        Matcher id = WEBSITE.matcher(browser.get("/app/websites").body());
        assertThat(id.find()).as("the new website is listed").isTrue();
        return id.group(1);
    }

    private static String abbreviated(String page) {
        return page.length() > 300 ? page.substring(0, 300) + "…" : page;
    }
}
