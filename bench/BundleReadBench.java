// Cost of reading a large bundle (every authoring rule and the link check). JDK plus the bundle's own classpath:
//
//   java -cp bundle/target/classes:shared-api/target/classes:JSOUP_JAR:JACKSON_ANNOTATIONS_JAR \
//        bench/BundleReadBench.java [--files 2000] [--rounds 15]
//
// Builds one bundle of --files files (a fifth HTML pages with about 40 references each, a tenth CSS with url()s,
// the rest small images), reads it --rounds times after as many warm-up reads, and prints one TSV line: files,
// rounds, median, min, max (ms), warnings ("n/a" before the link check). The 12 warnings are real: page 0 is
// index.html, so the links to /section0/page0 are broken. The file only uses API that existed before the link check,
// so it measures a build without it too (compile main's bundle sources against the same classpath). -Dshow=1 prints
// the warnings.

import io.sites.bundle.BundleLimits;
import io.sites.bundle.BundleReader;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.RemoteFiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class BundleReadBench {
    public static void main(String[] args) {
        int files = Integer.parseInt(arg(args, "--files", "2000"));
        int rounds = Integer.parseInt(arg(args, "--rounds", "15"));
        int pages = files / 5;
        int sheets = files / 10;
        int images = files - pages - sheets;
        List<FileInput> bundle = new ArrayList<>(files);
        for (int p = 0; p < pages; p++) {
            String path = p == 0 ? "index.html" : "section" + (p % 20) + "/page" + p + ".html";
            StringBuilder html = new StringBuilder("<!doctype html>\n<html><head><title>Page ").append(p)
                    .append("</title>\n<link rel=\"stylesheet\" href=\"/css/s").append(p % sheets).append(".css\">\n")
                    .append("<style>body { background: url(/img/i").append(p % images).append(".png) }</style>\n")
                    .append("</head><body>\n");
            for (int k = 0; k < 12; k++) {
                int target = (p * 7 + k) % pages;
                html.append("<p>Some text about this page, paragraph ").append(k).append(". <a href=\"/section")
                        .append(target % 20).append("/page").append(target).append("\">next</a> and <a href=\"")
                        .append("https://example.com/x").append(k).append("\">out</a></p>\n")
                        .append("<img src=\"/img/i").append((p + k) % images).append(".png\" srcset=\"/img/i")
                        .append((p + k + 1) % images).append(".png 2x\" alt=\"\">\n");
            }
            html.append("<div style=\"background-image: url('/img/i").append(p % images)
                    .append(".png')\">x</div>\n</body></html>\n");
            bundle.add(FileInput.text(path, html.toString()));
        }
        for (int s = 0; s < sheets; s++) {
            StringBuilder css = new StringBuilder("@import url(\"s").append((s + 1) % sheets).append(".css\");\n");
            for (int k = 0; k < 20; k++) {
                css.append(".c").append(k).append(" { color: #123; background: url(../img/i")
                        .append((s * 3 + k) % images).append(".png) no-repeat; }\n");
            }
            bundle.add(FileInput.text("css/s" + s + ".css", css.toString()));
        }
        for (int i = 0; i < images; i++) {
            bundle.add(new FileInput("img/i" + i + ".png", null, new FileSource.Encoded("iVBORw0KGgo=")));
        }
        BundleLimits spec = BundleLimits.spec();
        BundleReader reader = new BundleReader(
                new BundleLimits(spec.fileBytes(), spec.bundleBytes(), Integer.MAX_VALUE, spec.remoteFiles()),
                RemoteFiles.unsupported());
        long[] times = new long[rounds];
        Object last = null;
        for (int r = 0; r < rounds * 2; r++) {
            long start = System.nanoTime();
            last = reader.read(bundle);
            if (r >= rounds) {
                times[r - rounds] = System.nanoTime() - start;
            }
        }
        Arrays.sort(times);
        String warnings = warningCount(last);
        if (System.getProperty("show") != null) {
            System.out.println(last.getClass().getSimpleName() + " " + String.valueOf(invoke(last)));
        }
        System.out.printf("%d\t%d\t%.1f\t%.1f\t%.1f\t%s%n", files, rounds, times[rounds / 2] / 1e6, times[0] / 1e6,
                times[rounds - 1] / 1e6, warnings);
    }

    private static Object invoke(Object bundle) {
        try {
            return bundle.getClass().getMethod("warnings").invoke(bundle);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static String warningCount(Object bundle) {
        try {
            return String.valueOf(((List<?>) bundle.getClass().getMethod("warnings").invoke(bundle)).size());
        } catch (ReflectiveOperationException e) {
            return "n/a";
        }
    }

    private static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
