package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every violation is reported at once, in a stable order: by file, within a file by rule, then bundle-wide. */
class BundleManyViolationsTest {

    private final BundleReader reader = new BundleReader(new BundleLimits(400, 700, 1, 1), RemoteFiles.unsupported());

    private final List<PublishFile> files = List.of(
            PublishFile.text("index.html", """
                    <!doctype html>
                    <iframe src="https://example.com/widget"></iframe>
                    <script src="https://cdn.example.com/x.js"></script>
                    <script>navigator.serviceWorker.register('/sw.js')</script>
                    """),
            PublishFile.text("about.html", "<p>About</p>"),
            PublishFile.text("a//b.css", "@import 'https://cdn.example.com/x.css';"),
            PublishFile.text("./index.html", "<p>again</p>"),
            PublishFile.base64("img.png", "%%%%"),
            new PublishFile("photo.jpg", null, null, null, "https://example.com/photo.jpg", null),
            new PublishFile("x.txt", "hello", null, "text/html", null, null),
            PublishFile.text("big.bin", "b".repeat(450)),
            new PublishFile("empty.txt", null, null, null, null, null),
            new PublishFile("enc.txt", "x", "utf-16", null, null, null),
            PublishFile.text("sw.js", "navigator.serviceWorker.register('sw.js');"));

    @Test
    void everyViolationIsReportedInFileThenRuleOrder() {
        List<Violation> violations = rejected(reader, files);

        assertThat(violations).extracting(Violation::code, Violation::path).containsExactly(
                tuple("EXTERNAL_URL", "index.html"),
                tuple("IFRAME", "index.html"),
                tuple("SERVICE_WORKER", "index.html"),
                tuple("INVALID_PATH", "a//b.css"),
                tuple("EXTERNAL_URL", "a//b.css"),
                tuple("DUPLICATE_PATH", "./index.html"),
                tuple("INVALID_ENCODING", "img.png"),
                tuple("SOURCE_NOT_SUPPORTED", "photo.jpg"),
                tuple("CONTENT_TYPE_MISMATCH", "x.txt"),
                tuple("FILE_TOO_LARGE", "big.bin"),
                tuple("INVALID_FILE", "empty.txt"),
                tuple("INVALID_ENCODING", "enc.txt"),
                tuple("SERVICE_WORKER", "sw.js"),
                tuple("BUNDLE_TOO_LARGE", null),
                tuple("TOO_MANY_PAGES", null));
        assertThat(violations).allSatisfy(v -> {
            assertThat(v.message()).isNotBlank().endsWith(".");
            assertThat(v.detail()).isNotBlank();
        });
    }

    @Test
    void theOrderIsTheSameOnEveryRead() {
        assertThat(rejected(reader, files)).isEqualTo(rejected(reader, files));
    }

    @Test
    void bundleWideViolationsComeTogetherWithFileViolations() {
        List<Violation> violations = rejected(reader, List.of(
                PublishFile.text("home.html", "<iframe></iframe>"),
                new PublishFile("a.png", null, null, null, "https://example.com/a.png", null),
                new PublishFile("b.png", null, null, null, null, "upl_b")));

        assertThat(violations).extracting(Violation::code).containsExactly(
                "IFRAME", "TOO_MANY_REMOTE_FILES", "MISSING_INDEX");
    }

    @Test
    void theExceptionMessageSummarisesTheViolations() {
        BundleInvalidException e = new BundleInvalidException(rejected(reader, files));

        assertThat(e.getMessage()).startsWith("Bundle breaks 15 rule(s): EXTERNAL_URL (index.html), IFRAME (index.html)")
                .endsWith("and 5 more");
    }
}
