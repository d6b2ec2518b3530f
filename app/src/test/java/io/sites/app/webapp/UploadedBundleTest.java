package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.web.MockMultipartFile;

/** Zip archives and folders from the browser: safe to read, whatever they claim. */
class UploadedBundleTest {
    private final UploadedBundle uploads = new UploadedBundle(new BundleLimits(1_000, 3_000, 15, 20));
    /** An archive size for which the ratio never binds, so that each test meets the limit it is about. */
    private static final long ANY_SIZE = 1L << 40;
    @TempDir
    Path spool;
    /** What the files reserved from the budget: files, then held bytes. */
    private final long[] reserved = new long[2];
    private final UnpackedFiles unpacked = new UnpackedFiles(() -> spool, (files, held) -> {
        reserved[0] += files;
        reserved[1] += held;
    });

    @Test
    void oneCommonTopFolderIsStrippedAndJunkSkipped() throws IOException {
        UploadedBundle.Read read = uploads.unzip(zip("site/index.html", "<h1>hi</h1>", "site/css/a.css", "h1{}",
                "site/.DS_Store", "x", "__MACOSX/site/._index.html", "x", "site/.git/HEAD", "ref"), ANY_SIZE, unpacked);
        assertThat(read.problems()).isEmpty();
        assertThat(read.files()).extracting(FileInput::path).containsExactly("index.html", "css/a.css");
        assertThat(new String(bytes(read.files().getFirst()), StandardCharsets.UTF_8)).isEqualTo("<h1>hi</h1>");
    }

    @Test
    void twoTopFoldersAreKept() throws IOException {
        UploadedBundle.Read read = uploads.unzip(zip("a/index.html", "x", "b/index.html", "y"), ANY_SIZE, unpacked);
        assertThat(read.files()).extracting(FileInput::path).containsExactly("a/index.html", "b/index.html");
    }

    @Test
    void pathsThatEscapeAreRefused() throws IOException {
        UploadedBundle.Read read = uploads.unzip(zip("index.html", "x", "../../etc/passwd", "x", "/abs.html", "x",
                "a/../../b.html", "x"), ANY_SIZE, unpacked);
        assertThat(read.problems()).extracting(Violation::code).containsOnly("INVALID_PATH").hasSize(3);
    }

    @Test
    void aFileInflatingPastTheFileLimitStopsTheReading() throws IOException {
        // 1,001 zeros compress to a few bytes; the limit counts what comes out, not what the archive declares.
        UploadedBundle.Read read = uploads.unzip(zip("index.html", "x", "bomb.bin", "\0".repeat(1_001)), ANY_SIZE,
                unpacked);
        assertThat(read.files()).isEmpty();
        assertThat(read.problems()).extracting(Violation::code).containsExactly("FILE_TOO_LARGE");
    }

    @Test
    void allFilesTogetherArePassedTheBundleLimit() throws IOException {
        String kb = "a".repeat(900);
        UploadedBundle.Read read = uploads.unzip(zip("1.html", kb, "2.html", kb, "3.html", kb, "4.html", kb),
                ANY_SIZE, unpacked);
        assertThat(read.problems()).extracting(Violation::code).containsExactly("BUNDLE_TOO_LARGE");
    }

    @Test
    void entriesAreCounted() throws IOException {
        String[] entries = new String[(UploadedBundle.MAX_ENTRIES + 1) * 2];
        for (int i = 0; i < entries.length; i += 2) {
            entries[i] = "f" + i + ".txt";
            entries[i + 1] = "";
        }
        UploadedBundle.Read read = new UploadedBundle(BundleLimits.spec()).unzip(zip(entries), ANY_SIZE, unpacked);
        assertThat(read.problems()).extracting(Violation::code).containsExactly("ZIP_TOO_MANY_ENTRIES");
    }

    @Test
    void somethingElseThanAZipIsSaidSo() throws IOException {
        UploadedBundle.Read read = uploads.read(null, null,
                new MockMultipartFile("zip", "site.zip", "application/zip", "not a zip".getBytes()), unpacked);
        assertThat(read.files()).isEmpty();
        assertThat(read.problems()).extracting(Violation::code).containsExactly("ZIP_INVALID");
    }

    @Test
    void folderFilesTakeTheirRelativePathsAndLoseTheChosenFolder() throws IOException {
        UploadedBundle.Read read = uploads.read(List.of(
                new MockMultipartFile("files", "index.html", "text/html", "<h1>x</h1>".getBytes()),
                new MockMultipartFile("files", "dot.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'})),
                List.of("mysite/index.html", "mysite/img/dot.png"), null, unpacked);
        assertThat(read.files()).extracting(FileInput::path).containsExactly("index.html", "img/dot.png");
        assertThat(bytes(read.files().get(1))).startsWith((byte) 0x89);
    }

    @Test
    void anArchiveThatUnpacksToMoreThanItsRatioIsRefusedWhereItPassesIt() throws IOException {
        UploadedBundle big = new UploadedBundle(BundleLimits.spec());
        // 17 MiB of zeros in an archive of a few kilobytes: past the floor and past 100 times the archive.
        ByteArrayInputStream bomb = zip("index.html", "x", "a.bin", "\0".repeat(9 << 20), "b.bin",
                "\0".repeat(8 << 20));
        long size = bomb.available();
        UploadedBundle.Read read = big.unzip(bomb, size, unpacked);
        assertThat(read.files()).isEmpty();
        assertThat(read.problems()).extracting(Violation::code).containsExactly("ZIP_RATIO_TOO_HIGH");
        assertThat(read.problems().getFirst().path()).isEqualTo("b.bin");
        // The same archive declared ten times larger than it is would pass: the ratio is of the archive's size.
        assertThat(big.unzip(zip("index.html", "x", "a.bin", "\0".repeat(9 << 20), "b.bin", "\0".repeat(8 << 20)),
                size * 100, unpacked).problems()).isEmpty();
    }

    @Test
    void largeFilesGoToTheSpoolHashedAndThePublishesReadBackIsReserved() throws IOException {
        UploadedBundle big = new UploadedBundle(BundleLimits.spec());
        String script = "let a = 1;\n".repeat(200_000);
        UploadedBundle.Read read = big.read(null, null, new MockMultipartFile("zip", "site.zip", "application/zip",
                zip("index.html", "<p>x</p>", "app.js", script).readAllBytes()), unpacked);
        assertThat(read.problems()).isEmpty();
        FileInput js = read.files().get(1);
        assertThat(js.source()).isInstanceOf(FileSource.Decoded.class);
        DecodedContent.Spilled spilled = (DecodedContent.Spilled) ((FileSource.Decoded) js.source()).content();
        assertThat(spilled.file()).startsWith(spool);
        assertThat(Files.readString(spilled.file())).isEqualTo(script);
        assertThat(spilled.sha256()).isEqualTo(HexFormat.of().formatHex(sha256(script)));
        // The held index page reserved a step; the script is read back to be scanned, so it is reserved too.
        assertThat(reserved[0]).isEqualTo(2);
        assertThat(reserved[1]).isEqualTo(UnpackedFiles.RESERVED_STEP + script.length());
    }

    @Test
    void aFolderPartAboveTheFileLimitIsNotReadAndNamedByTheBundleReader() throws IOException {
        UploadedBundle.Read read = uploads.read(List.of(
                new MockMultipartFile("files", "index.html", "text/html", "<h1>x</h1>".getBytes()),
                new MockMultipartFile("files", "big.bin", "application/octet-stream", new byte[1_001])),
                List.of("s/index.html", "s/big.bin"), null, unpacked);
        assertThat(read.files().get(1).source()).isEqualTo(new FileSource.Decoded(
                new DecodedContent.Oversized(1_001)));
    }

    private static byte[] sha256(String text) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The web application hands PublishService the bytes it read, never an encoding of them. */
    private static byte[] bytes(FileInput file) {
        assertThat(file.source()).isInstanceOf(FileSource.Bytes.class);
        return ((FileSource.Bytes) file.source()).bytes();
    }

    private static ByteArrayInputStream zip(String... namesAndTexts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndTexts.length; i += 2) {
                out.putNextEntry(new ZipEntry(namesAndTexts[i]));
                out.write(namesAndTexts[i + 1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return new ByteArrayInputStream(bytes.toByteArray());
    }
}
