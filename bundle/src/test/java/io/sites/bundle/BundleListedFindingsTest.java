package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.reader;
import static io.sites.bundle.BundleFixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import io.sites.api.json.PublishFile;
import io.sites.bundle.rules.Listed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file that breaks one rule a hundred thousand times is answered with a report of bounded size: each rule listed
 * {@link Listed#PER_RULE_AND_FILE} times per file with one entry counting the rest, at most {@link Listed#IN_ALL}
 * entries in all; broken links likewise. Every rule broken is still named.
 */
class BundleListedFindingsTest {

    @Test
    void aRuleBrokenThousandsOfTimesInOneFileIsListedTwentyTimesThenCounted() {
        String page = "<!doctype html><title>x</title>\n"
                + "<script src=\"https://cdn.example/a.js\"></script>\n".repeat(100_000)
                + "<iframe src=\"https://example.com/\"></iframe>\n";
        List<Violation> violations = rejected(reader(), List.of(PublishFile.text("index.html", page)));

        assertThat(violations).hasSize(Listed.PER_RULE_AND_FILE + 2);
        assertThat(violations.subList(0, Listed.PER_RULE_AND_FILE)).allSatisfy(v -> {
            assertThat(v.code()).isEqualTo("EXTERNAL_URL");
            assertThat(v.detail()).startsWith("line ");
        });
        Violation more = violations.get(Listed.PER_RULE_AND_FILE);
        assertThat(more.code()).isEqualTo("EXTERNAL_URL");
        assertThat(more.path()).isEqualTo("index.html");
        assertThat(more.message()).startsWith("99,980 more EXTERNAL_URL in \"index.html\", not listed");
        assertThat(violations.getLast().code()).as("every rule broken is named").isEqualTo("IFRAME");
    }

    @Test
    void aReportListsAThousandEntriesThenOnePerRuleForTheRest() {
        List<PublishFile> files = new ArrayList<>(List.of(INDEX));
        for (int i = 0; i < 1_500; i++) {
            files.add(PublishFile.text("page" + i + ".css", "@import 'https://cdn.example/" + i + ".css';"));
        }
        List<Violation> violations = rejected(reader(), files);

        assertThat(violations).hasSize(Listed.IN_ALL + 1);
        assertThat(violations.getLast().code()).isEqualTo("EXTERNAL_URL");
        assertThat(violations.getLast().path()).isNull();
        assertThat(violations.getLast().message()).startsWith("500 more EXTERNAL_URL entries in 500 files");
    }

    @Test
    void brokenLinksAreListedTwentyTimesPerFileThenCounted() {
        String page = "<!doctype html><title>x</title>\n" + "<a href=\"missing.html\">x</a>\n".repeat(5_000);
        Bundle bundle = reader().read(inputs(List.of(PublishFile.text("index.html", page))));

        List<Warning> warnings = bundle.warnings();
        assertThat(warnings).hasSize(Listed.PER_RULE_AND_FILE + 1);
        assertThat(warnings.getLast().code()).isEqualTo("BROKEN_LINK");
        assertThat(warnings.getLast().message()).startsWith("4,980 more BROKEN_LINK in \"index.html\"");
    }

    @Test
    void everyUnknownDigestIsListedForItIsTheClientsListOfFilesToSend() {
        List<Violation> all = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            all.add(Violation.of("UNKNOWN_DIGEST", "p" + i + ".html", "unknown", null));
        }
        for (int i = 0; i < 1_500; i++) {
            all.add(Violation.of("EXTERNAL_URL", "s" + i + ".css", "external", null));
        }

        List<Violation> listed = Listed.violations(all);

        assertThat(listed.stream().filter(v -> v.code().equals("UNKNOWN_DIGEST"))).hasSize(3_000);
        assertThat(listed.stream().filter(v -> v.code().equals("EXTERNAL_URL") && v.path() != null))
                .hasSize(Listed.IN_ALL);
        assertThat(listed.getLast().message()).startsWith("500 more EXTERNAL_URL entries in 500 files");
    }
}
