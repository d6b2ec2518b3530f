package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.codes;
import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.only;
import static io.sites.bundle.BundleFixtures.rejected;
import static io.sites.bundle.BundleFixtures.violations;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FILE_TOO_LARGE, BUNDLE_TOO_LARGE, TOO_MANY_PAGES and MISSING_INDEX. */
class BundleSizeAndPageLimitsTest {

    private static BundleReader reader(long fileBytes, long bundleBytes, int pages) {
        return new BundleReader(new BundleLimits(fileBytes, bundleBytes, pages, 20), RemoteFiles.unsupported());
    }

    @Test
    void aTextFileOverThePerFileLimitIsRejected() {
        List<Violation> violations = rejected(reader(100, 10_000, 15),
                List.of(INDEX, PublishFile.text("big.txt", "é".repeat(51))));

        Violation v = only(violations, "FILE_TOO_LARGE");
        assertThat(v.path()).isEqualTo("big.txt");
        assertThat(v.message()).contains("102 bytes").contains("100 bytes");
    }

    @Test
    void aFileOfExactlyTheLimitIsAccepted() {
        Bundle bundle = reader(100, 10_000, 15).read(inputs(List.of(INDEX, PublishFile.text("ok.txt", "é".repeat(50)))));

        assertThat(bundle.file("ok.txt").orElseThrow().size()).isEqualTo(100);
    }

    @Test
    void theDecodedSizeOfBase64Counts() {
        String fits = Base64.getEncoder().encodeToString(new byte[102]);
        String tooBig = Base64.getEncoder().encodeToString(new byte[103]);
        assertThat(fits.length()).isGreaterThan(102);

        Violation v = only(rejected(reader(102, 10_000, 15), List.of(INDEX, PublishFile.base64("a.bin", tooBig))),
                "FILE_TOO_LARGE");
        assertThat(v.message()).contains("103 bytes after decoding");
        assertThat(reader(102, 10_000, 15).read(inputs(List.of(INDEX, PublishFile.base64("a.bin", fits)))).files())
                .hasSize(2);
    }

    @Test
    void theSpecLimitMentionsFiftyMegabytes() {
        String content = "x".repeat(52_428_801);
        Violation v = only(violations(INDEX, PublishFile.text("huge.txt", content)), "FILE_TOO_LARGE");

        assertThat(v.message()).contains("52,428,800 bytes (50 MB)");
    }

    @Test
    void aBundleOverTheTotalLimitIsRejectedWithItsLargestFiles() {
        List<Violation> violations = rejected(reader(1_000, 1_000, 15), List.of(
                INDEX,
                PublishFile.text("a.txt", "a".repeat(600)),
                PublishFile.text("b.txt", "b".repeat(400))));

        Violation v = only(violations, "BUNDLE_TOO_LARGE");
        assertThat(v.path()).isNull();
        assertThat(v.message()).contains("1,000 bytes");
        assertThat(v.detail()).contains("\"a.txt\" (600 bytes)").contains("\"b.txt\" (400 bytes)");
    }

    @Test
    void filesOverThePerFileLimitStillCountTowardsTheTotal() {
        List<Violation> violations = rejected(reader(100, 150, 15),
                List.of(INDEX, PublishFile.text("big.txt", "x".repeat(200))));

        assertThat(codes(violations)).containsExactly("FILE_TOO_LARGE", "BUNDLE_TOO_LARGE");
    }

    @Test
    void moreHtmlPagesThanTheLimitAreRejected() {
        List<PublishFile> files = new ArrayList<>(List.of(INDEX));
        for (int i = 1; i <= 15; i++) {
            files.add(PublishFile.text(i % 2 == 0 ? "p" + i + ".html" : "old/p" + i + ".HTM", "<p>" + i));
        }
        files.add(PublishFile.text("notes.txt", "not a page"));

        Violation v = only(violations(BundleFixtures.reader(), files), "TOO_MANY_PAGES");

        assertThat(v.path()).isNull();
        assertThat(v.message()).contains("16 HTML pages").contains("at most 15");
        assertThat(v.detail()).contains("Remove or merge 1 page,").contains("\"index.html\"");
    }

    @Test
    void exactlyTheLimitOfPagesIsAccepted() {
        List<PublishFile> files = new ArrayList<>(List.of(INDEX));
        for (int i = 1; i < 15; i++) {
            files.add(PublishFile.text("p" + i + ".html", "<p>" + i));
        }
        assertThat(violations(BundleFixtures.reader(), files)).isEmpty();
    }

    @Test
    void aBundleWithoutIndexHtmlIsRejected() {
        Violation v = only(violations(PublishFile.text("home.html", "<p>hi")), "MISSING_INDEX");

        assertThat(v.path()).isNull();
        assertThat(v.message()).contains("no index.html");
        assertThat(v.detail()).contains("renaming \"home.html\" to \"index.html\"");
    }

    @Test
    void indexHtmlInASubfolderDoesNotCount() {
        Violation v = only(violations(PublishFile.text("public/index.html", "<p>hi")), "MISSING_INDEX");

        assertThat(v.detail()).contains("\"public/index.html\"");
    }

    @Test
    void indexWithTheWrongCaseOrExtensionDoesNotCount() {
        assertThat(codes(violations(PublishFile.text("Index.html", "<p>hi")))).containsExactly("MISSING_INDEX");
        assertThat(codes(violations(PublishFile.text("index.htm", "<p>hi")))).containsExactly("MISSING_INDEX");
    }

    @Test
    void anEmptyBundleIsMissingItsIndex() {
        assertThat(codes(violations(BundleFixtures.reader(), List.of()))).containsExactly("MISSING_INDEX");
        assertThat(codes(violations(BundleFixtures.reader(), null))).containsExactly("MISSING_INDEX");
    }

    @Test
    void anAbsoluteIndexPathIsReportedOnlyAsAnInvalidPath() {
        Violation v = only(violations(PublishFile.text("/index.html", "<p>hi")), "INVALID_PATH");

        assertThat(v.detail()).contains("\"index.html\"");
    }
}
