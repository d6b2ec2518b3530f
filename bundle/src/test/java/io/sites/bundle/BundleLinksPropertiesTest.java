package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Warning;
import io.sites.api.json.PublishFile;
import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Whatever way a reference is spelled — absolute or relative, with dot segments, escapes, a query or a fragment, as
 * a clean URL or a directory — a bundle whose references all name its own files has no BROKEN_LINK; and one
 * reference to a missing file is exactly one.
 */
class BundleLinksPropertiesTest {
    private static final String SEGMENT_CHARS = "abcxyz019-_ é~";

    record Site(List<String> paths, long seed) {}

    /** One to twelve distinct files, up to two directories deep, and the seed of the references' spellings. */
    private static final Gen<Site> SITES = sites();

    private static Gen<Site> sites() {
        Gen<String> segment = Text.of(SEGMENT_CHARS).length(1, 6)
                .filter(s -> !s.isBlank() && s.strip().equals(s) && !s.startsWith("~"));
        Gen<List<String>> dirs = segment.list(0, 2);
        Gen<String> extension = Gen.of(".html", ".css", ".png", "/index.html");
        Gen<String> path = random -> String.join("", dirs.draw(random).stream().map(d -> d + "/").toList())
                + segment.draw(random) + extension.draw(random);
        Gen<Long> seeds = Gen.longs();
        return random -> new Site(List.copyOf(path.set(1, 12).draw(random)), seeds.draw(random));
    }

    @Property
    void referencesToFilesOfTheBundleAreNeverBroken(Site site) {
        assertThat(read(site, null)).isEmpty();
    }

    static Cases referencesToFilesOfTheBundleAreNeverBroken() {
        return Cases.tries(300, SITES);
    }

    @Property
    void oneReferenceToAMissingFileIsOneWarning(Site site) {
        List<Warning> warnings = read(site, "missing-" + Long.toHexString(site.seed()) + ".png");
        assertThat(warnings).extracting(Warning::code).containsExactly("BROKEN_LINK");
        assertThat(warnings.getFirst().path()).isEqualTo("index.html");
    }

    static Cases oneReferenceToAMissingFileIsOneWarning() {
        return Cases.tries(200, SITES);
    }

    /** Reads a bundle whose HTML and CSS files refer to every file in random spellings, index.html also to extra. */
    private static List<Warning> read(Site site, String extra) {
        Random random = new Random(site.seed());
        Set<String> paths = new LinkedHashSet<>(site.paths());
        paths.add("index.html");
        List<PublishFile> files = new ArrayList<>();
        for (String path : paths) {
            StringBuilder body = new StringBuilder();
            boolean css = path.endsWith(".css");
            boolean html = path.endsWith(".html");
            for (String target : paths) {
                if (html || css) {
                    String ref = spell(path, target, random);
                    body.append(css ? cssReference(ref, random) : htmlReference(ref, random)).append('\n');
                }
            }
            if (extra != null && path.equals("index.html")) {
                body.append(htmlReference(spell(path, extra, random), random)).append('\n');
            }
            files.add(PublishFile.text(path, body.isEmpty() ? "file " + path : body.toString()));
        }
        return BundleFixtures.reader().read(inputs(files)).warnings();
    }

    private static String htmlReference(String ref, Random random) {
        String attr = ref.replace("&", "&amp;").replace("\"", "&quot;");
        return switch (random.nextInt(7)) {
            case 0 -> "<a href=\"" + attr + "\">x</a>";
            case 1 -> "<img src=\"" + attr + "\">";
            case 2 -> "<video poster=\"" + attr + "\"></video>";
            case 3 -> "<img srcset=\"" + attr.replace(" ", "%20").replace(",", "%2C") + " 2x\">";
            case 4 -> "<p style=\"background: url('" + attr + "')\">x</p>";
            case 5 -> "<style>p { background: url(\"" + ref + "\") }</style>";
            default -> "<link rel=\"prefetch\" href=\"" + attr + "\">";
        };
    }

    private static String cssReference(String ref, Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> "@import \"" + ref + "\";";
            case 1 -> "p { background: url('" + ref + "') }";
            default -> "p { background: url(" + ref.replace(" ", "\\ ").replace("(", "\\(").replace(")", "\\)") + ") }";
        };
    }

    /** One of the many addresses of {@code target} as written in the file at {@code from}. */
    private static String spell(String from, String target, Random random) {
        String path = target;
        if (path.endsWith("index.html") && random.nextBoolean()) {
            path = path.substring(0, path.length() - "index.html".length()); // "dir/" or "" for the root
        } else if (path.endsWith(".html") && random.nextInt(3) == 0) {
            path = path.substring(0, path.length() - ".html".length()); // a clean URL
        }
        String ref = random.nextBoolean() ? "/" + path : relative(from, path);
        if (ref.isEmpty()) {
            ref = "./";
        }
        if (random.nextInt(4) == 0) {
            ref = ref.startsWith("/") ? "/./" + ref.substring(1) : "nowhere/../" + ref;
        }
        if (random.nextInt(3) == 0) {
            ref = escapeSome(ref, random);
        }
        return switch (random.nextInt(4)) {
            case 0 -> ref + "?v=" + random.nextInt(9);
            case 1 -> ref + "#part";
            default -> ref;
        };
    }

    private static String relative(String from, String to) {
        String[] fromParts = from.split("/");
        String[] toParts = to.split("/", -1);
        int common = 0;
        while (common < fromParts.length - 1 && common < toParts.length - 1
                && fromParts[common].equals(toParts[common])) {
            common++;
        }
        StringBuilder b = new StringBuilder();
        b.append("../".repeat(fromParts.length - 1 - common));
        b.append(String.join("/", java.util.Arrays.copyOfRange(toParts, common, toParts.length)));
        return b.toString();
    }

    /** Some characters (never '/', '?' or '#') as escapes of their UTF-8 bytes, in either case of hex digits. */
    private static String escapeSome(String ref, Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < ref.length(); i++) {
            char c = ref.charAt(i);
            if (c == '/' || !random.nextBoolean()) {
                b.append(c);
                continue;
            }
            for (byte x : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                String hex = String.format("%02X", x & 0xff);
                b.append('%').append(random.nextBoolean() ? hex : hex.toLowerCase());
            }
        }
        return b.toString();
    }
}
