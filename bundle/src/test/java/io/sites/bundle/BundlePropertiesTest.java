package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.json.PublishFile;
import io.sites.bundle.rules.PathRules;
import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whatever a client sends as files — any paths, contents, encodings and content types — the reader answers a bundle
 * whose every path is a normalised relative path inside it and whose every type can go into a header, or
 * BundleInvalidException with its violations; never another exception.
 */
class BundlePropertiesTest {
    private static final BundleReader READER = BundleFixtures.reader();

    private static final Gen<String> SEGMENT = Gen.oneOf(Gen.of("index.html", "a.css", "..", ".", "", "%2e%2e",
            "a\\..\\b", "C:", "e\u0301.html", "\u00e9.html", "\u0000", "con", "a?b", "#x", " ", "\u202e",
            "\ud83d\ude00.png", "x".repeat(300)), Text.any().maxLength(8), Text.of("./\\%aé \t?#:*").maxLength(8));
    /** Paths of up to six segments, any text, or none. */
    private static final Gen<String> PATHS = Gen.oneOf(SEGMENT.list(0, 6).map(list -> String.join("/", list)),
            Text.any(), Gen.just(null));

    @Property
    void anyPathIsRefusedOrNormalisedInsideTheBundle(String raw) {
        PathRules.Checked checked = PathRules.check(raw);
        PathRules.suggest(raw);
        if (checked.valid()) {
            assertInside(checked.normalized());
            assertThat(PathRules.check(checked.normalized()).valid()).as("a normalised path stays valid").isTrue();
            assertThat(PathRules.normalize(checked.normalized())).isEqualTo(checked.normalized());
        } else {
            assertThat(checked.problems()).isNotEmpty();
            assertThat(checked.problems()).allSatisfy(p -> assertThat(p.message()).isNotBlank());
        }
    }

    static Cases anyPathIsRefusedOrNormalisedInsideTheBundle() {
        return Cases.tries(3000, PATHS);
    }

    /** The property above is not only about refusals: more than one path in twenty is valid. */
    @Test
    void thePathsReachValidOnes() {
        assertThat(anyPathIsRefusedOrNormalisedInsideTheBundle().share(
                values -> PathRules.check((String) values[0]).valid())).isGreaterThan(0.05);
    }

    @Property
    void anyFilesMakeABundleInsideItselfOrAListOfViolations(List<PublishFile> files) {
        try {
            Bundle bundle = READER.read(inputs(files));
            for (BundleFile file : bundle.files()) {
                assertInside(file.path());
                assertThat(file.contentType().chars()).as(file.contentType())
                        .allMatch(c -> c >= 0x20 && c < 0x7f);
            }
            assertThat(bundle.file("index.html")).isPresent();
        } catch (BundleInvalidException refused) {
            assertThat(refused.violations()).isNotEmpty();
        }
    }

    static Cases anyFilesMakeABundleInsideItselfOrAListOfViolations() {
        return Cases.tries(1000, bundles());
    }

    /** The property above is not only about refusals: more than one list of files in twenty makes a bundle. */
    @Test
    void theFilesReachBundles() {
        assertThat(anyFilesMakeABundleInsideItselfOrAListOfViolations().share(values -> {
            try {
                READER.read(inputs(uncheckedList(values[0])));
                return true;
            } catch (BundleInvalidException refused) {
                return false;
            }
        })).isGreaterThan(0.05);
    }

    private static void assertInside(String path) {
        assertThat(path).isNotEmpty().doesNotStartWith("/").doesNotContain("\\").doesNotContain("//");
        assertThat(path.split("/", -1)).as(path).doesNotContain("..", ".", "");
        assertThat(path.chars()).as(path).noneMatch(c -> c < 0x20 || c == 0x7f);
        assertThat(Normalizer.isNormalized(path, Normalizer.Form.NFC)).isTrue();
    }

    @SuppressWarnings("unchecked")
    private static List<PublishFile> uncheckedList(Object value) {
        return (List<PublishFile>) value;
    }

    /** Up to five files, one in four hostile in every field, with or without index.html first; or no list. */
    private static Gen<List<PublishFile>> bundles() {
        Gen<String> path = Gen.oneOf(PATHS, Gen.of("index.html", "index.html", "a.css", "b.js", "img.svg", "x.bin",
                "dir/../index.html"));
        Gen<String> encoding = Gen.of(null, null, "utf8", "base64", "BASE64", "utf-8", "");
        Gen<String> type = Gen.of(null, null, "text/html", "text/css; charset=utf-8", "image/svg+xml",
                "application/octet-stream", "bogus", "text/html\r\nSet-Cookie: a=b", "text/plain; charset=\u00fc",
                "t\u00ebxt/plain", "", " ", "text/plain; a=\"b\\\"c\"", "image/png;;", "*/*");
        Gen<String> content = Gen.oneOf(Text.any().maxLength(40),
                Gen.bytes(40).map(b -> Base64.getEncoder().encodeToString(b)),
                Gen.of(null, "<script src=\"http://x\"></script>", "<!doctype html><p>hi</p>", "@import 'x';",
                        "====", "\ud800", "QUJD\n",
                        new String(new byte[] {(byte) 0xc3, 0x28}, StandardCharsets.ISO_8859_1)));
        Gen<String> remote = Gen.of(null, null, null, "https://example.com/x", "up_123", " ");
        Gen<PublishFile> hostile = random -> new PublishFile(path.draw(random), content.draw(random),
                encoding.draw(random), type.draw(random), remote.draw(random), remote.draw(random));
        Gen<String> plainPath = Gen.of("a.css", "b.txt", "d/e.html", "f.json");
        Gen<String> plainText = Text.alpha().maxLength(20);
        Gen<PublishFile> plain = random -> PublishFile.text(plainPath.draw(random), plainText.draw(random));
        Gen<List<PublishFile>> files = Gen.weighted(1, hostile, 3, plain).orNull(0.01).list(0, 5);
        return Gen.oneOf(files, files.map(list -> {
            List<PublishFile> withIndex = new ArrayList<>(list);
            withIndex.add(0, BundleFixtures.INDEX);
            return withIndex;
        }), Gen.just(null));
    }
}
