package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Content decoded a piece at a time ({@link InlineDecoder}) gets exactly the verdict of the same content sent as one
 * String: the same violations, word for word, or the same bytes; held or spilled, and in any chunking.
 */
class DecodedContentPropertiesTest {

    private static final Gen<String> VALID_BASE64 = Gen.bytes(240)
            .map(bytes -> Base64.getEncoder().encodeToString(bytes));
    private static final Gen<String> DATA_URL_PREFIX = Gen.of("data:", "  DATA:", "\tdata:", "Data:");
    private static final Gen<String> DATA_URL_TYPE = Text.of("image/png;base64AB\u0001\ud83d\ude00").maxLength(300);
    private static final Gen<String> DATA_URL_COMMA = Gen.of("", ",", ",QUJD");
    /** Base64, base64 with noise in and around it, and data URLs with and without their comma. */
    private static final Gen<String> BASE64ISH = Gen.oneOf(VALID_BASE64,
            Text.of("ABCXYZabxyz0129+/-_= \t\n\r\f,:;.\u000b\u00e9\u2003").or("\ud83d\ude00\udc00").maxLength(400),
            random -> DATA_URL_PREFIX.draw(random) + DATA_URL_TYPE.draw(random) + DATA_URL_COMMA.draw(random)
                    + VALID_BASE64.draw(random));
    private static final Gen<String> TEXTISH = Text.of("ab \n\u00e9\u20ac\ud83d\ude00\ud800\udc00\u0000")
            .orRange('\u0020', '\u007e').maxLength(400);
    private static final Gen<Integer> CHUNK = Gen.of(1, 2, 3, 7, 64, 100_000);
    private static final Gen<Integer> SPILL = Gen.of(0, 16, 1_000_000);

    @Property
    void base64DecodedWhileReadIsJudgedAsTheWholeText(String content, int chunk, int spillAbove) throws IOException {
        sameVerdict(PublishFile.base64("data.bin", content), true, content, chunk, spillAbove);
    }

    static Cases base64DecodedWhileReadIsJudgedAsTheWholeText() {
        return Cases.tries(400, BASE64ISH, CHUNK, SPILL);
    }

    @Property
    void textDecodedWhileReadIsJudgedAsTheWholeText(String content, int chunk, int spillAbove) throws IOException {
        sameVerdict(PublishFile.text("notes.txt", content), false, content, chunk, spillAbove);
    }

    static Cases textDecodedWhileReadIsJudgedAsTheWholeText() {
        return Cases.tries(400, TEXTISH, CHUNK, SPILL);
    }

    /** Base64 read straight from a request's bytes, when that path takes it, is read as the whole text is. */
    @Property
    void base64ReadFromTheRequestBytesIsJudgedAsTheWholeText(String content) throws IOException {
        byte[] utf8 = ("\"" + content + "\"").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        DecodedContent plain = InlineDecoder.base64(utf8, 1, utf8.length - 1, LIMITS);
        if (plain != null) {
            samePlainVerdict(PublishFile.base64("data.bin", content), plain);
        }
    }

    static Cases base64ReadFromTheRequestBytesIsJudgedAsTheWholeText() {
        return Cases.tries(400, BASE64ISH);
    }

    /** ASCII text is its own UTF-8, with the same verdict (the file limit included) as the whole text. */
    @Property
    void asciiTextIsJudgedAsTheWholeText(String content) throws IOException {
        if (content.chars().allMatch(c -> c < 0x80)) {
            DecodedContent plain = InlineDecoder.ascii(content.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                    LIMITS);
            if (content.length() > LIMITS.fileBytes()) {
                assertThat(plain).as("left to the decoder, which reports the size").isNull();
            } else {
                samePlainVerdict(PublishFile.text("notes.txt", content), plain);
            }
        }
    }

    static Cases asciiTextIsJudgedAsTheWholeText() {
        return Cases.tries(200, TEXTISH);
    }

    private static final BundleLimits LIMITS = new BundleLimits(300, 1_000_000, 15, 20);

    private static void samePlainVerdict(PublishFile whole, DecodedContent plain) throws IOException {
        BundleReader reader = new BundleReader(LIMITS, RemoteFiles.unsupported());
        Outcome expected = outcome(reader, List.of(BundleFixtures.INDEX, whole), Map.of());
        Outcome actual = outcome(reader, List.of(BundleFixtures.INDEX, new PublishFile(whole.path(), null,
                whole.contentEncoding(), null, null, null)), Map.of(1, plain));
        assertThat(actual.violations()).isEqualTo(expected.violations());
        assertThat(actual.bytes()).isEqualTo(expected.bytes());
    }

    private static void sameVerdict(PublishFile whole, boolean base64, String content, int chunk, int spillAbove)
            throws IOException {
        BundleLimits limits = new BundleLimits(300, 1_000_000, 15, 20);
        BundleReader reader = new BundleReader(limits, RemoteFiles.unsupported());
        List<PublishFile> asText = List.of(BundleFixtures.INDEX, whole);
        List<PublishFile> asDecoded = List.of(BundleFixtures.INDEX, new PublishFile(whole.path(), null,
                whole.contentEncoding(), null, null, null));
        Path dir = Files.createTempDirectory("decoded");
        try (InlineDecoder decoder = InlineDecoder.of(base64, dir, spillAbove, limits)) {
            char[] chars = content.toCharArray();
            for (int at = 0; at < chars.length; at += chunk) {
                decoder.accept(chars, at, Math.min(chunk, chars.length - at));
            }
            DecodedContent decoded = decoder.finish();
            Outcome expected = outcome(reader, asText, Map.of());
            Outcome actual = outcome(reader, asDecoded, Map.of(1, decoded));
            assertThat(actual.violations()).isEqualTo(expected.violations());
            assertThat(actual.bytes()).isEqualTo(expected.bytes());
            if (decoded instanceof DecodedContent.Spilled spilled) {
                Files.delete(spilled.file());
            }
        } finally {
            assertThat(Files.list(dir)).as("nothing left behind").isEmpty();
            Files.delete(dir);
        }
    }

    private record Outcome(List<Violation> violations, byte[] bytes) {
    }

    private static Outcome outcome(BundleReader reader, List<PublishFile> files, Map<Integer, DecodedContent> decoded)
            throws IOException {
        try {
            BundleFile file = reader.read(inputs(files, decoded), RemoteFiles.unsupported()).files().get(1);
            byte[] bytes = file.bytes() != null ? file.bytes() : Files.readAllBytes(file.spilled().file());
            return new Outcome(List.of(), bytes);
        } catch (BundleInvalidException invalid) {
            return new Outcome(invalid.violations(), null);
        }
    }
}
