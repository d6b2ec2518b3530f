package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.SiteAddress;
import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What a visitor controls of a request, over any input: the Range header, the raw path and the Host. Each is
 * refused or understood, never an exception, and an understood one stays inside the file or the bundle.
 */
class SiteRequestPropertiesTest {
    /** Text.any() is valid Unicode (no lone surrogate); these paths also hold nothing a site cannot serve. */
    private static final Gen<String> SERVABLE_PATHS = Text.any()
            .filter(path -> path.chars().noneMatch(c -> c < 0x20 || c == 0x7f || c == '\\'));

    @Property
    void aRangeIsIgnoredUnsatisfiableOrInsideTheFile(String header, long size) {
        long[] span = Ranges.parse(header, size);
        if (span != null && span != Ranges.UNSATISFIABLE) {
            assertThat(span).hasSize(2);
            assertThat(span[0]).isBetween(0L, span[1]);
            assertThat(span[1]).isLessThan(size);
        }
    }

    static Cases aRangeIsIgnoredUnsatisfiableOrInsideTheFile() {
        return Cases.tries(2000, ranges(), Gen.longs(0, 1_000_000));
    }

    @Property
    void anyHeaderTextIsARangeOrNot(String header, long size) {
        aRangeIsIgnoredUnsatisfiableOrInsideTheFile(header, size);
    }

    static Cases anyHeaderTextIsARangeOrNot() {
        return Cases.tries(500, Text.any(), Gen.longs(0, Long.MAX_VALUE));
    }

    /** Range headers of any spelling of digits, dashes, commas and signs, in either case of "bytes". */
    private static Gen<String> ranges() {
        Gen<String> spec = Text.of("0123456789-+, =xe").maxLength(30);
        Gen<String> number = Gen.oneOf(Gen.longs(-5, 2_000_000).map(String::valueOf),
                Text.range('0', '9').length(15, 40), Gen.just(""));
        Gen<String> dash = Gen.of("-", "--", " - ", "-+");
        Gen<String> shaped = random -> number.draw(random) + dash.draw(random) + number.draw(random);
        return Gen.oneOf(spec.map(s -> "bytes=" + s), shaped.map(s -> "bytes=" + s),
                shaped.map(s -> "BYTES= " + s + " "));
    }

    @Property
    void aDecodedPathHoldsNoControlCharacterNorBackslash(String raw) {
        Optional<String> path = SitePaths.decode(raw);
        path.ifPresent(p -> {
            assertThat(raw).startsWith("/");
            assertThat(p.chars()).noneMatch(c -> c < 0x20 || c == 0x7f || c == '\\');
        });
    }

    static Cases aDecodedPathHoldsNoControlCharacterNorBackslash() {
        Gen<String> pieces = Gen.oneOf(Text.of("/.%aA09fF\\?#~ +"),
                Gen.of("%2e", "%2E%2e", "%2f", "%5c", "%00", "%c0%ae", "%e2%82", "%f0%9f%98%80", "%ff",
                        "%", "%z", "..", "./", "//"),
                Text.any());
        return Cases.tries(2000, pieces.list(0, 8).map(list -> "/" + String.join("", list)));
    }

    @Property
    void aPercentEncodedPathDecodesToItselfOrIsRefused(String path) {
        String raw = "/" + URLEncoder.encode(path, StandardCharsets.UTF_8).replace("+", "%20");
        Optional<String> decoded = SitePaths.decode(raw);
        boolean unservable = path.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '\\');
        assertThat(decoded).isEqualTo(unservable ? Optional.empty() : Optional.of(path));
    }

    static Cases aPercentEncodedPathDecodesToItselfOrIsRefused() {
        // Valid Unicode only, as URLEncoder needs: Text.any() draws no lone surrogate.
        return Cases.tries(1000, Text.any());
    }

    @Property
    void aDirectoryLocationIsPrintableAsciiAndLeadsBackToTheDirectory(String path, String query) {
        String location = SitePaths.directoryLocation(path, query.isEmpty() ? null : query);
        assertThat(location.chars()).allMatch(c -> c > 0x20 && c < 0x7f && c != '"' && c != '<' && c != '>'
                && c != '\\' && c != '#');
        int question = location.indexOf('?');
        assertThat(SitePaths.decode(question < 0 ? location : location.substring(0, question)))
                .contains(path + "/");
    }

    static Cases aDirectoryLocationIsPrintableAsciiAndLeadsBackToTheDirectory() {
        return Cases.tries(1000, SERVABLE_PATHS, Text.any());
    }

    @Property
    void aHostIsOneSiteLabelOrNone(String host) {
        Optional<String> label = new SiteAddress("sites.example:8080").labelOf(host);
        label.ifPresent(l -> {
            assertThat(l).isNotEmpty().doesNotContain(".");
            assertThat(host.toLowerCase(java.util.Locale.ROOT)).startsWith(l);
        });
    }

    static Cases aHostIsOneSiteLabelOrNone() {
        Gen<String> label = Gen.oneOf(Text.of("aZ0-.:[]%_\u0130\u212a").maxLength(12), Text.any().maxLength(12));
        Gen<String> domain = Gen.of("", ".sites.example", ".SITES.example.", ".sites.example:1", "sites.example",
                ".example");
        return Cases.tries(2000, (Gen<String>) random -> label.draw(random) + domain.draw(random));
    }
}
