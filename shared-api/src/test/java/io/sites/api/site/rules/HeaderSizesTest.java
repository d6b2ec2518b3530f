package io.sites.api.site.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The size limits of _headers, each violation with its line, and the bound no served head passes. */
class HeaderSizesTest {
    private static String codesAndLines(List<Violation> violations) {
        return String.join(",", violations.stream().map(v -> v.code() + "@" + v.detail().split(":")[0]).toList());
    }

    /** A header line of exactly {@code bytes} ({@code Name: value} and CRLF). */
    private static String line(String name, int bytes) {
        return "  " + name + ": " + "v".repeat(bytes - name.length() - 4) + "\n";
    }

    @Test
    void aValueAtTheLimitPassesOneByteMoreIsRefusedAtItsLine() {
        String atLimit = "/*\n  X-A: " + "a".repeat(HeaderRules.VALUE_BYTES) + "\n";
        assertThat(HeaderRules.parse(atLimit).violations()).isEmpty();
        HeaderRules over = HeaderRules.parse("/*\n  X-Ok: 1\n  X-A: " + "a".repeat(HeaderRules.VALUE_BYTES + 1) + "\n");
        assertThat(codesAndLines(over.violations())).isEqualTo("HEADERS_TOO_LARGE@line 3");
        assertThat(over.violations().getFirst().path()).isEqualTo("_headers");
    }

    @Test
    void oneBlockMayNotPassThePathLimitAndIsReportedOnce() {
        StringBuilder text = new StringBuilder("/*\n");
        for (int i = 0; i < 10; i++) {
            text.append(line("X-Pad-" + i, 8000));
        }
        HeaderRules rules = HeaderRules.parse(text.toString());
        assertThat(codesAndLines(rules.violations())).as("4 lines fit, the fifth passes").isEqualTo(
                "HEADERS_TOO_LARGE@line 6");
        assertThat(String.join("", rules.headersFor("/x")).length()).isLessThan(HeaderRules.PATH_BYTES);
    }

    @Test
    void aFileAboveItsLimitIsRefusedOnceAndNothingOfItIsKept() {
        StringBuilder text = new StringBuilder();
        int lines = 0;
        int block = 0;
        for (; lines * 8000L <= HeaderRules.FILE_BYTES; block++) {
            text.append("/b").append(block).append('\n');
            for (int i = 0; i < 4; i++, lines++) {
                text.append(line("X-Pad-" + i, 8000));
            }
        }
        HeaderRules rules = HeaderRules.parse(text.toString());
        List<Violation> violations = rules.violations();
        assertThat(violations).hasSize(1);
        assertThat(violations.getFirst().code()).as("refused unread, as a long _redirects")
                .isEqualTo("TOO_MANY_RULES");
        assertThat(rules.headersFor("/b0")).as("nothing of it is compiled").isEmpty();
    }

    @Test
    void blocksThatTogetherPassThePathLimitAreFoundForTheBundlesPathsAndCappedForOthers() {
        String text = "/*\n" + line("X-All-1", 7000) + line("X-All-2", 7000) + line("X-All-3", 7000)
                + "/docs/*\n" + line("X-Docs-1", 7000) + line("X-Docs-2", 7000) + "/a\n" + line("X-A", 100);
        HeaderRules rules = HeaderRules.parse(text);
        assertThat(rules.violations()).isEmpty();
        assertThat(codesAndLines(rules.checkPaths(List.of("/a", "/index.html")))).isEmpty();
        List<Violation> tooMuch = rules.checkPaths(List.of("/a", "/docs/one", "/docs/two"));
        assertThat(codesAndLines(tooMuch)).as("once per block").isEqualTo("HEADERS_TOO_LARGE@line 5");
        assertThat(tooMuch.getFirst().message()).contains("/docs/one");
        assertThat(rules.headersFor("/docs/unpublished")).as("a path publish never saw: the blocks that fit")
                .containsExactly("X-All-1", "v".repeat(7000 - 11), "X-All-2", "v".repeat(7000 - 11),
                        "X-All-3", "v".repeat(7000 - 11));
    }

    @Test
    void clearSiteDataIsTheServersToRefuse() {
        assertThat(codesAndLines(HeaderRules.parse("/*\n  clear-site-data: \"cookies\"\n").violations()))
                .isEqualTo("HEADER_FORBIDDEN@line 2");
    }
}
