package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.json.PublishFile;
import io.sites.bundle.rules.PathRules;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Base64;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Whatever a client sends as files — any paths, contents, encodings and content types — the reader answers a bundle
 * whose every path is a normalised relative path inside it and whose every type can go into a header, or
 * BundleInvalidException with its violations; never another exception.
 */
class BundlePropertiesTest {
    private final BundleReader reader = BundleFixtures.reader();

    @Property(tries = 3000)
    void anyPathIsRefusedOrNormalisedInsideTheBundle(@ForAll("paths") String raw) {
        PathRules.Checked checked = PathRules.check(raw);
        PathRules.suggest(raw);
        Statistics.collect(checked.valid() ? "valid" : "refused");
        Statistics.coverage(coverage -> coverage.check("valid").percentage(p -> p > 5));
        if (checked.valid()) {
            assertInside(checked.normalized());
            assertThat(PathRules.check(checked.normalized()).valid()).as("a normalised path stays valid").isTrue();
            assertThat(PathRules.normalize(checked.normalized())).isEqualTo(checked.normalized());
        } else {
            assertThat(checked.problems()).isNotEmpty();
            assertThat(checked.problems()).allSatisfy(p -> assertThat(p.message()).isNotBlank());
        }
    }

    @Property(tries = 1000)
    void anyFilesMakeABundleInsideItselfOrAListOfViolations(@ForAll("bundles") List<PublishFile> files) {
        try {
            Bundle bundle = reader.read(inputs(files));
            for (BundleFile file : bundle.files()) {
                assertInside(file.path());
                assertThat(file.contentType().chars()).as(file.contentType())
                        .allMatch(c -> c >= 0x20 && c < 0x7f);
            }
            assertThat(bundle.file("index.html")).isPresent();
            Statistics.collect("bundle");
        } catch (BundleInvalidException refused) {
            assertThat(refused.violations()).isNotEmpty();
            Statistics.collect("refused");
        }
        Statistics.coverage(coverage -> coverage.check("bundle").percentage(p -> p > 5));
    }

    private static void assertInside(String path) {
        assertThat(path).isNotEmpty().doesNotStartWith("/").doesNotContain("\\").doesNotContain("//");
        assertThat(path.split("/", -1)).as(path).doesNotContain("..", ".", "");
        assertThat(path.chars()).as(path).noneMatch(c -> c < 0x20 || c == 0x7f);
        assertThat(Normalizer.isNormalized(path, Normalizer.Form.NFC)).isTrue();
    }

    @Provide
    Arbitrary<String> paths() {
        Arbitrary<String> segment = Arbitraries.oneOf(Arbitraries.of("index.html", "a.css", "..", ".", "", "%2e%2e",
                "a\\..\\b", "C:", "e\u0301.html", "\u00e9.html", "\u0000", "con", "a?b", "#x", " ", "\u202e",
                "\ud83d\ude00.png", "x".repeat(300)), Arbitraries.strings().ofMaxLength(8),
                Arbitraries.strings().withChars("./\\%aé \t?#:*").ofMaxLength(8));
        return Arbitraries.oneOf(segment.list().ofMaxSize(6).map(list -> String.join("/", list)),
                Arbitraries.strings(), Arbitraries.just((String) null));
    }

    @Provide
    Arbitrary<List<PublishFile>> bundles() {
        Arbitrary<String> path = Arbitraries.oneOf(paths(), Arbitraries.of("index.html", "index.html", "a.css",
                "b.js", "img.svg", "x.bin", "dir/../index.html"));
        Arbitrary<String> encoding = Arbitraries.of(null, null, "utf8", "base64", "BASE64", "utf-8", "");
        Arbitrary<String> type = Arbitraries.of(null, null, "text/html", "text/css; charset=utf-8", "image/svg+xml",
                "application/octet-stream", "bogus", "text/html\r\nSet-Cookie: a=b", "text/plain; charset=\u00fc",
                "t\u00ebxt/plain", "", " ", "text/plain; a=\"b\\\"c\"", "image/png;;", "*/*");
        Arbitrary<String> content = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(40),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(b -> Base64.getEncoder().encodeToString(b)),
                Arbitraries.of(null, "<script src=\"http://x\"></script>", "<!doctype html><p>hi</p>", "@import 'x';",
                        "====", "\ud800", "QUJD\n",
                        new String(new byte[] {(byte) 0xc3, 0x28}, StandardCharsets.ISO_8859_1)));
        Arbitrary<String> remote = Arbitraries.of(null, null, null, "https://example.com/x", "up_123", " ");
        Arbitrary<PublishFile> hostile = Combinators.combine(path, content, encoding, type, remote, remote)
                .as(PublishFile::new);
        Arbitrary<PublishFile> plain = Combinators.combine(Arbitraries.of("a.css", "b.txt", "d/e.html", "f.json"),
                Arbitraries.strings().alpha().ofMaxLength(20)).as(PublishFile::text);
        Arbitrary<List<PublishFile>> files = Arbitraries.frequencyOf(Tuple.of(1, hostile), Tuple.of(3, plain))
                .injectNull(0.01).list().ofMaxSize(5);
        return Arbitraries.oneOf(files, files.map(list -> {
            List<PublishFile> withIndex = new java.util.ArrayList<>(list);
            withIndex.add(0, BundleFixtures.INDEX);
            return withIndex;
        }), Arbitraries.just((List<PublishFile>) null));
    }
}
