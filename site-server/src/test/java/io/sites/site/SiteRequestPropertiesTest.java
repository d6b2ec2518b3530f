package io.sites.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.SiteAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * What a visitor controls of a request, over any input: the Range header, the raw path and the Host. Each is
 * refused or understood, never an exception, and an understood one stays inside the file or the bundle.
 */
class SiteRequestPropertiesTest {

    @Property(tries = 2000)
    void aRangeIsIgnoredUnsatisfiableOrInsideTheFile(@ForAll("ranges") String header,
            @ForAll @LongRange(min = 0, max = 1_000_000) long size) {
        long[] span = Ranges.parse(header, size);
        if (span != null && span != Ranges.UNSATISFIABLE) {
            assertThat(span).hasSize(2);
            assertThat(span[0]).isBetween(0L, span[1]);
            assertThat(span[1]).isLessThan(size);
        }
    }

    @Property(tries = 500)
    void anyHeaderTextIsARangeOrNot(@ForAll String header, @ForAll @LongRange(min = 0) long size) {
        aRangeIsIgnoredUnsatisfiableOrInsideTheFile(header, size);
    }

    @Provide
    Arbitrary<String> ranges() {
        Arbitrary<String> spec = Arbitraries.strings().withChars("0123456789-+, =xe").ofMaxLength(30);
        Arbitrary<String> number = Arbitraries.oneOf(Arbitraries.longs().between(-5, 2_000_000).map(String::valueOf),
                Arbitraries.strings().numeric().ofMinLength(15).ofMaxLength(40), Arbitraries.just(""));
        Arbitrary<String> shaped = net.jqwik.api.Combinators.combine(number, Arbitraries.of("-", "--", " - ", "-+"),
                number).as((a, dash, b) -> a + dash + b);
        return Arbitraries.oneOf(spec.map(s -> "bytes=" + s), shaped.map(s -> "bytes=" + s),
                shaped.map(s -> "BYTES= " + s + " "));
    }

    @Property(tries = 2000)
    void aDecodedPathHoldsNoControlCharacterNorBackslash(@ForAll("rawPaths") String raw) {
        Optional<String> path = SitePaths.decode(raw);
        path.ifPresent(p -> {
            assertThat(raw).startsWith("/");
            assertThat(p.chars()).noneMatch(c -> c < 0x20 || c == 0x7f || c == '\\');
        });
    }

    @Provide
    Arbitrary<String> rawPaths() {
        Arbitrary<String> pieces = Arbitraries.oneOf(Arbitraries.strings().withChars("/.%aA09fF\\?#~ +"),
                Arbitraries.of("%2e", "%2E%2e", "%2f", "%5c", "%00", "%c0%ae", "%e2%82", "%f0%9f%98%80", "%ff",
                        "%", "%z", "..", "./", "//"),
                Arbitraries.strings());
        return pieces.list().ofMaxSize(8).map(list -> String.join("", list)).map(s -> "/" + s);
    }

    @Property(tries = 1000)
    void aPercentEncodedPathDecodesToItselfOrIsRefused(@ForAll String path) {
        Assume.that(StandardCharsets.UTF_8.newEncoder().canEncode(path)); // valid Unicode
        String raw = "/" + URLEncoder.encode(path, StandardCharsets.UTF_8).replace("+", "%20");
        Optional<String> decoded = SitePaths.decode(raw);
        boolean unservable = path.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '\\');
        assertThat(decoded).isEqualTo(unservable ? Optional.empty() : Optional.of(path));
    }

    @Property(tries = 1000)
    void aDirectoryLocationIsPrintableAsciiAndLeadsBackToTheDirectory(@ForAll String path, @ForAll String query) {
        Assume.that(StandardCharsets.UTF_8.newEncoder().canEncode(path));
        Assume.that(path.chars().noneMatch(c -> c < 0x20 || c == 0x7f || c == '\\'));
        String location = SitePaths.directoryLocation(path, query.isEmpty() ? null : query);
        assertThat(location.chars()).allMatch(c -> c > 0x20 && c < 0x7f && c != '"' && c != '<' && c != '>'
                && c != '\\' && c != '#');
        int question = location.indexOf('?');
        assertThat(SitePaths.decode(question < 0 ? location : location.substring(0, question)))
                .contains(path + "/");
    }

    @Property(tries = 2000)
    void aHostIsOneSiteLabelOrNone(@ForAll("hosts") String host) {
        Optional<String> label = new SiteAddress("sites.example:8080").labelOf(host);
        label.ifPresent(l -> {
            assertThat(l).isNotEmpty().doesNotContain(".");
            assertThat(host.toLowerCase(java.util.Locale.ROOT)).startsWith(l);
        });
    }

    @Provide
    Arbitrary<String> hosts() {
        Arbitrary<String> label = Arbitraries.oneOf(Arbitraries.strings().withChars("aZ0-.:[]%_\u0130\u212a")
                .ofMaxLength(12), Arbitraries.strings().ofMaxLength(12));
        return net.jqwik.api.Combinators.combine(label, Arbitraries.of("", ".sites.example", ".SITES.example.",
                ".sites.example:1", "sites.example", ".example")).as(String::concat);
    }
}
