package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.codes;
import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.only;
import static io.sites.bundle.BundleFixtures.reader;
import static io.sites.bundle.BundleFixtures.rejected;
import static io.sites.bundle.BundleFixtures.violations;
import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Bodies, encodings and remote files; a valid bundle comes out checked and decoded. */
class BundleReaderTest {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, (byte) 0xff, (byte) 0xfe, 63};

    @Nested
    class AcceptedBundles {

        @Test
        void aValidBundleComesOutNormalisedTypedAndDecoded() {
            Bundle bundle = reader().read(inputs(List.of(
                    PublishFile.text("./index.html", "<!doctype html><p>Grüße</p>"),
                    PublishFile.text("assets/site.css", "body { color: red }"),
                    PublishFile.base64("images/logo.png", Base64.getEncoder().encodeToString(PNG)),
                    new PublishFile("data/notes", "plain", "utf8", "text/plain", null, null))));

            assertThat(bundle.files()).extracting(BundleFile::path)
                    .containsExactly("index.html", "assets/site.css", "images/logo.png", "data/notes");
            assertThat(bundle.files()).extracting(BundleFile::contentType).containsExactly(
                    "text/html; charset=utf-8", "text/css; charset=utf-8", "image/png", "text/plain; charset=utf-8");
            assertThat(bundle.file("images/logo.png")).get().extracting(BundleFile::bytes).isEqualTo(PNG);
            assertThat(bundle.file("index.html").orElseThrow().bytes())
                    .isEqualTo("<!doctype html><p>Grüße</p>".getBytes(StandardCharsets.UTF_8));
            assertThat(bundle.totalBytes()).isEqualTo(
                    "<!doctype html><p>Grüße</p>".getBytes(StandardCharsets.UTF_8).length + 19 + PNG.length + 5);
            assertThat(bundle.file("missing.html")).isEmpty();
        }

        @Test
        void base64AcceptsUrlSafeAlphabetMissingPaddingAndLineBreaks() {
            byte[] bytes = new byte[300];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (i * 7);
            }
            String urlSafe = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            String mime = Base64.getMimeEncoder().encodeToString(bytes);

            Bundle bundle = reader().read(inputs(List.of(INDEX,
                    PublishFile.base64("a.bin", urlSafe),
                    PublishFile.base64("b.bin", mime),
                    PublishFile.base64("c.bin", "  " + Base64.getEncoder().encodeToString(PNG) + "\n"))));

            assertThat(bundle.file("a.bin").orElseThrow().bytes()).isEqualTo(bytes);
            assertThat(bundle.file("b.bin").orElseThrow().bytes()).isEqualTo(bytes);
            assertThat(bundle.file("c.bin").orElseThrow().bytes()).isEqualTo(PNG);
        }

        @Test
        void anEmptyFileIsAllowed() {
            Bundle bundle = reader().read(inputs(List.of(INDEX, PublishFile.text(".nojekyll", ""))));

            assertThat(bundle.file(".nojekyll").orElseThrow().size()).isZero();
        }

        @Test
        void surrogatePairsAreValidText() {
            assertThat(violationsWithIndex(PublishFile.text("emoji.txt", "smile \uD83D\uDE00"))).isEmpty();
        }
    }

    @Nested
    class InvalidFile {

        @Test
        void aFileWithoutBodyIsRejected() {
            Violation v = only(violationsWithIndex(new PublishFile("a.txt", null, null, null, null, null)),
                    "INVALID_FILE");

            assertThat(v.path()).isEqualTo("a.txt");
            assertThat(v.message()).contains("a.txt").contains("exactly one of content, sourceUrl, uploadKey or sha256");
            assertThat(v.detail()).contains("contentEncoding \"base64\"");
        }

        @Test
        void aFileWithTwoBodiesIsRejected() {
            Violation v = only(violationsWithIndex(
                    new PublishFile("a.png", "AAAA", "base64", null, "https://example.com/a.png", null)),
                    "INVALID_FILE");

            assertThat(v.message()).contains("content and sourceUrl");
            assertThat(v.detail()).contains("Keep only one of content, sourceUrl");
        }

        @Test
        void aNullEntryIsRejectedByIndex() {
            List<Violation> violations = violations(reader(), Arrays.asList(INDEX, null));

            Violation v = only(violations, "INVALID_FILE");
            assertThat(v.path()).isNull();
            assertThat(v.message()).contains("files[1]");
        }
    }

    @Nested
    class InvalidEncoding {

        @Test
        void anUnknownContentEncodingIsRejected() {
            Violation v = only(violationsWithIndex(new PublishFile("a.txt", "hi", "utf-8", null, null, null)),
                    "INVALID_ENCODING");

            assertThat(v.message()).contains("\"utf-8\"");
            assertThat(v.detail()).contains("Write \"utf8\"");
        }

        @Test
        void base64WithCharactersOutsideTheAlphabetIsRejected() {
            Violation v = only(violationsWithIndex(PublishFile.base64("a.png", "iVBOR%w0K")), "INVALID_ENCODING");

            assertThat(v.path()).isEqualTo("a.png");
            assertThat(v.detail()).contains("\"%\"").contains("position 6");
        }

        @Test
        void truncatedBase64IsRejected() {
            Violation v = only(violationsWithIndex(PublishFile.base64("a.png", "QUJDR")), "INVALID_ENCODING");

            assertThat(v.detail()).contains("cut off");
        }

        @Test
        void base64WithDataUrlPrefixIsRejectedWithTheFix() {
            Violation v = only(violationsWithIndex(PublishFile.base64("a.png", "data:image/png;base64,iVBORw0K")),
                    "INVALID_ENCODING");

            assertThat(v.detail()).contains("data:image/png;base64,").contains("after the comma");
        }

        @Test
        void dataAfterPaddingIsRejected() {
            only(violationsWithIndex(PublishFile.base64("a.bin", "QQ==QUJD")), "INVALID_ENCODING");
        }

        @Test
        void unpairedSurrogatesInTextAreRejected() {
            Violation v = only(violationsWithIndex(PublishFile.text("a.txt", "line one\nbroken \uD83D here")),
                    "INVALID_ENCODING");

            assertThat(v.message()).contains("U+D83D").contains("line 2, column 8");
        }

        @Test
        void aLoneLowSurrogateIsRejected() {
            only(violationsWithIndex(PublishFile.text("a.txt", "x\uDE00")), "INVALID_ENCODING");
        }
    }

    @Nested
    class RemoteFilesHandling {

        @Test
        void byDefaultSourceUrlIsNotSupported() {
            Violation v = only(violationsWithIndex(
                    new PublishFile("photo.jpg", null, null, null, "https://example.com/photo.jpg", null)),
                    "SOURCE_NOT_SUPPORTED");

            assertThat(v.path()).isEqualTo("photo.jpg");
            assertThat(v.message()).contains("sourceUrl").contains("not supported yet");
            assertThat(v.detail()).contains("base64").contains("contentEncoding");
        }

        @Test
        void byDefaultUploadKeyIsNotSupported() {
            Violation v = only(violationsWithIndex(new PublishFile("clip.mp4", null, null, null, null, "upl_1")),
                    "SOURCE_NOT_SUPPORTED");

            assertThat(v.message()).contains("uploadKey");
        }

        @Test
        void moreRemoteFilesThanTheLimitAreRejectedWithoutFetchingAny() {
            AtomicInteger calls = new AtomicInteger();
            RemoteFiles counting = (path, file) -> {
                calls.incrementAndGet();
                return new RemoteFiles.Fetched(new byte[] {1}, null);
            };
            List<PublishFile> files = new ArrayList<>(List.of(INDEX));
            for (int i = 0; i < 21; i++) {
                files.add(new PublishFile("img/" + i + ".png", null, null, null, "https://example.com/" + i + ".png",
                        null));
            }

            List<Violation> violations = rejected(new BundleReader(BundleLimits.spec(), counting), files);

            Violation v = only(violations, "TOO_MANY_REMOTE_FILES");
            assertThat(v.path()).isNull();
            assertThat(v.message()).contains("21").contains("at most 20");
            assertThat(calls).hasValue(0);
        }

        @Test
        void exactlyTheLimitOfRemoteFilesIsFetched() {
            AtomicInteger calls = new AtomicInteger();
            RemoteFiles counting = (path, file) -> {
                calls.incrementAndGet();
                return new RemoteFiles.Fetched(new byte[] {1, 2}, null);
            };
            List<PublishFile> files = new ArrayList<>(List.of(INDEX));
            for (int i = 0; i < 20; i++) {
                files.add(new PublishFile("img/" + i + ".png", null, null, null, null, "upl_" + i));
            }

            Bundle bundle = new BundleReader(BundleLimits.spec(), counting).read(inputs(files));

            assertThat(calls).hasValue(20);
            assertThat(bundle.files()).hasSize(21);
        }

        @Test
        void fetchedFilesAreTypedAndCheckedLikeInlineOnes() {
            RemoteFiles fetch = (path, file) -> switch (path) {
                case "lib/app.js" -> new RemoteFiles.Fetched(
                        "import x from 'https://cdn.example.com/x.js';".getBytes(StandardCharsets.UTF_8),
                        "text/javascript");
                case "download" -> new RemoteFiles.Fetched(new byte[] {1}, "application/pdf");
                case "page" -> new RemoteFiles.Fetched(new byte[] {1}, "text/html");
                default -> new RemoteFiles.Rejected(new Violation("SOURCE_UNREACHABLE", "gone", null, null));
            };
            BundleReader reader = new BundleReader(BundleLimits.spec(), fetch);
            PublishFile js = new PublishFile("lib/app.js", null, null, null, "https://example.com/app.js", null);
            PublishFile pdf = new PublishFile("download", null, null, null, "https://example.com/d", null);
            PublishFile page = new PublishFile("page", null, null, null, "https://example.com/p", null);
            PublishFile gone = new PublishFile("gone.png", null, null, null, "https://example.com/g.png", null);

            List<Violation> violations = rejected(reader, List.of(INDEX, js, pdf, page, gone));

            assertThat(violations).extracting(Violation::code, Violation::path).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("EXTERNAL_URL", "lib/app.js"),
                    org.assertj.core.groups.Tuple.tuple("SOURCE_UNREACHABLE", "gone.png"));
            Bundle ok = reader.read(inputs(List.of(INDEX, pdf, page)));
            assertThat(ok.file("download").orElseThrow().contentType()).isEqualTo("application/pdf");
            assertThat(ok.file("page").orElseThrow().contentType())
                    .as("a document type from the source is never taken for a path that is not a page")
                    .isEqualTo("application/octet-stream");
        }

        @Test
        void remoteFilesWithInvalidPathsAreNotFetched() {
            AtomicInteger calls = new AtomicInteger();
            RemoteFiles counting = (path, file) -> {
                calls.incrementAndGet();
                return new RemoteFiles.Fetched(new byte[] {1}, null);
            };

            List<Violation> violations = rejected(new BundleReader(BundleLimits.spec(), counting), List.of(INDEX,
                    new PublishFile("../x.png", null, null, null, "https://example.com/x.png", null)));

            assertThat(codes(violations)).containsExactly("INVALID_PATH");
            assertThat(calls).hasValue(0);
        }
    }
}
