package io.sites.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sites.api.blob.BlobRef;
import io.sites.api.code.Warning;
import io.sites.bundle.rules.FileFindings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Findings by content: a publish that names unchanged files by digest replays the findings an earlier publish kept
 * for their bytes instead of reading and parsing them, and reports exactly what reading them would have reported,
 * judged against the new bundle's paths.
 */
class FindingsByContentTest {
    /** Pages with every kind of finding a file's own check hands on: links, a base, srcset, CSS url(), http loads. */
    private static final Map<String, String> SITE = new LinkedHashMap<>();

    static {
        SITE.put("index.html", "<!doctype html><title>Home</title><link rel=stylesheet href=\"css/site.css\">"
                + "<a href=\"guide/a.html\">A</a> <a href=\"missing.html\">gone</a>\n<img src=\"http://example.com/x.png\">"
                + "<img srcset=\"img/one.png 1x, img/nowhere.png 2x\">");
        SITE.put("guide/a.html", "<!doctype html><title>A</title>\n<a href=\"b\">B</a> <a href=\"../index.html\">up</a>"
                + "\n<a href=\"../../above.html\">above</a> <a href=\"https://example.com/\">out</a>"
                + "<form action=\"http://example.com/post\"></form>");
        SITE.put("guide/b.html", "<!doctype html><title>B</title><base href=\"/guide/deeper/\"><a href=\"c.html\">C</a>"
                + "<a href=\"../a.html\">A</a>");
        SITE.put("guide/off.html", "<!doctype html><title>Off</title><base href=\"https://example.com/\">"
                + "<a href=\"nothing.html\">N</a>");
        SITE.put("css/site.css", "body { background: url(../img/one.png) }\n.x { background: url(../img/two.png) }"
                + "\n@font-face { src: url(http://example.com/f.woff) }");
        SITE.put("img/one.png", "not really a png");
    }

    /** The blob store and the kept findings of one account, as the command side keeps them. */
    private static final class Store implements RemoteFiles {
        final Map<String, byte[]> blobs = new HashMap<>();
        final Map<ContentKey, FileFindings> kept = new HashMap<>();
        final List<String> read = new ArrayList<>();
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public Resolved resolve(String path, FileInput file) {
            String sha = ((FileSource.StoredBlob) file.source()).sha256();
            byte[] bytes = blobs.get(sha);
            return new Stored(new BlobRef(sha, bytes.length), null, () -> {
                read.add(path);
                return bytes;
            });
        }

        @Override
        public Map<ContentKey, FileFindings> knownFindings(Collection<ContentKey> keys) {
            asked.incrementAndGet();
            Map<ContentKey, FileFindings> found = new HashMap<>();
            keys.forEach(k -> {
                if (kept.containsKey(k)) {
                    found.put(k, FileFindings.decode(kept.get(k).encode())); // as stored and read back
                }
            });
            return found;
        }

        /** What a publish's acceptance does: every file stored, the findings of the ones checked kept. */
        void accept(List<FileInput> files, Bundle bundle) {
            for (int i = 0; i < files.size(); i++) {
                if (files.get(i).source() instanceof FileSource.Text text) {
                    blobs.put(sha256(text.text()), text.text().getBytes(StandardCharsets.UTF_8));
                }
            }
            for (Bundle.Checked c : bundle.checked()) {
                BundleFile f = bundle.files().get(c.file());
                String sha = f.stored() != null ? f.stored().sha256() : sha256(new String(f.bytes(), StandardCharsets.UTF_8));
                kept.put(new ContentKey(sha, f.path(), c.essence()), c.findings());
            }
        }
    }

    private static final BundleReader READER = new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported());

    @Test
    void aRepublishByDigestReadsNoUnchangedFileAndReportsWhatReadingThemWould() {
        Store store = new Store();
        List<FileInput> first = inline(SITE);
        Bundle published = READER.read(first, store);
        store.accept(first, published);
        assertThat(published.warnings()).extracting(Warning::code).contains("BROKEN_LINK", "BLOCKED_ORIGIN");
        assertThat(published.checked()).extracting(c -> published.files().get(c.file()).path())
                .containsExactly("index.html", "guide/a.html", "guide/b.html", "guide/off.html", "css/site.css");

        Bundle republished = READER.read(byDigest(SITE), store);

        assertThat(store.read).isEmpty();
        assertThat(store.asked).hasValue(1);
        assertThat(republished.checked()).isEmpty();
        assertThat(republished.warnings()).isEqualTo(published.warnings());
    }

    @Test
    void aRemovedTargetBreaksTheLinksOfUnchangedFilesAndAnAddedOneMendsThem() {
        Store store = new Store();
        List<FileInput> first = inline(SITE);
        store.accept(first, READER.read(first, store));

        Map<String, String> changed = new LinkedHashMap<>(SITE);
        changed.remove("img/one.png");
        changed.put("missing.html", "<!doctype html><title>Here now</title>");
        List<FileInput> files = byDigest(SITE);
        files.removeIf(f -> f.path().equals("img/one.png") || f.path().equals("missing.html"));
        files.add(new FileInput("missing.html", null, new FileSource.Text(changed.get("missing.html"))));

        Bundle replayed = READER.read(files, store);
        Bundle readAgain = READER.read(files, fresh(store));

        assertThat(store.read).isEmpty();
        assertThat(replayed.warnings()).isEqualTo(readAgain.warnings());
        assertThat(replayed.warnings()).anySatisfy(w -> assertThat(w.message())
                .contains("css/site.css").contains("../img/one.png"));
        assertThat(replayed.warnings()).noneSatisfy(w -> assertThat(w.message()).contains("\"missing.html\""));
    }

    @Test
    void aFileAtAnotherPathOrWithoutKeptFindingsIsReadAndChecked() {
        Store store = new Store();
        List<FileInput> first = inline(SITE);
        store.accept(first, READER.read(first, store));
        List<FileInput> files = byDigest(SITE);
        String sha = ((FileSource.StoredBlob) files.get(1).source()).sha256();
        files.add(new FileInput("other/a.html", null, new FileSource.StoredBlob(sha))); // same bytes, other path
        store.kept.keySet().removeIf(k -> k.path().equals("guide/b.html"));

        Bundle bundle = READER.read(files, store);

        assertThat(store.read).containsExactlyInAnyOrder("other/a.html", "guide/b.html");
        assertThat(bundle.checked()).extracting(c -> bundle.files().get(c.file()).path())
                .containsExactlyInAnyOrder("other/a.html", "guide/b.html");
        assertThat(bundle.warnings()).isEqualTo(READER.read(files, fresh(store)).warnings());
        assertThat(bundle.warnings()).anySatisfy(w -> assertThat(w.path()).isEqualTo("other/a.html"));
    }

    @Test
    void aRefusedRepublishCarriesTheReplayedWarnings() {
        Store store = new Store();
        List<FileInput> first = inline(SITE);
        store.accept(first, READER.read(first, store));
        List<FileInput> files = byDigest(SITE);
        files.add(new FileInput("bad.html", null, new FileSource.Text(
                "<!doctype html><title>Bad</title><script src=\"https://cdn.example.com/x.js\"></script>")));

        BundleInvalidException replayed = assertThrows(BundleInvalidException.class, () -> READER.read(files, store));
        BundleInvalidException readAgain = assertThrows(BundleInvalidException.class,
                () -> READER.read(files, fresh(store)));

        assertThat(store.read).isEmpty();
        assertThat(replayed.violations()).extracting(v -> v.path()).containsExactly("bad.html");
        assertThat(replayed.warnings()).isNotEmpty().isEqualTo(readAgain.warnings());
    }

    @Test
    void keptFindingsReadBackAsWritten() {
        FileFindings findings = new FileFindings(
                List.of(new FileFindings.Reference(3, "a:b 12:\u00e9", null),
                        new FileFindings.Reference(0, "", "x/y/")),
                List.of(new FileFindings.Blocked(7, "http://x/-1:", io.sites.api.site.policy.ContentPolicy.Load.FORM)));

        assertThat(FileFindings.decode(findings.encode())).isEqualTo(findings);
        assertThat(FileFindings.decode("")).isEqualTo(new FileFindings(List.of(), List.of()));
        assertThrows(IllegalArgumentException.class, () -> FileFindings.decode("r3:5:ab"));
        assertThrows(IllegalArgumentException.class, () -> FileFindings.decode("x1:"));
    }

    /** The same blobs with nothing kept: every file read and checked, as before findings were kept. */
    private static Store fresh(Store store) {
        Store fresh = new Store();
        fresh.blobs.putAll(store.blobs);
        return fresh;
    }

    private static List<FileInput> inline(Map<String, String> site) {
        List<FileInput> files = new ArrayList<>();
        site.forEach((path, text) -> files.add(new FileInput(path, null, new FileSource.Text(text))));
        return files;
    }

    private static List<FileInput> byDigest(Map<String, String> site) {
        List<FileInput> files = new ArrayList<>();
        site.forEach((path, text) -> files.add(new FileInput(path, null, new FileSource.StoredBlob(sha256(text)))));
        return files;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
