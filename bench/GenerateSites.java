/**
 * Writes a synthetic but valid event store in bulk, as PostgreSQL COPY text on stdout: WEBSITES websites, each a
 * WebsiteCreated and two VersionPublished (5 to 20 files each, both promoted), in rounds (every website's first
 * event, then every second, then every third) so a website's events are spread over the stream as in a store that
 * grew over time. Every payload is a template row the service itself wrote (bench/generate-sites publishes it through
 * the API) with only identifiers, slug, version, kind and file list changed, so the rows are exactly what the
 * service's serializer writes and reads back; every file points at one of the template's blobs, so it is served.
 *
 * <p>Usage: {@code java bench/GenerateSites.java <websites> <template dir> | psql -c "\copy domainevententry (...) from stdin"};
 * the template dir holds website-id, created.json, published.json (the first version, 20 files), metadata.hex,
 * created.revision, published.revision, aggregate.type and timestamp, as the template's rows have them.
 */
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class GenerateSites {
    private static final HexFormat HEX = HexFormat.of();

    public static void main(String[] args) throws IOException {
        int websites = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        String templateId = Files.readString(dir.resolve("website-id")).strip();
        String created = Files.readString(dir.resolve("created.json")).strip();
        String published = Files.readString(dir.resolve("published.json")).strip();
        String metadata = Files.readString(dir.resolve("metadata.hex")).strip();
        String createdRevision = Files.readString(dir.resolve("created.revision")).strip();
        String publishedRevision = Files.readString(dir.resolve("published.revision")).strip();
        String aggregateType = Files.readString(dir.resolve("aggregate.type")).strip();
        String timestamp = Files.readString(dir.resolve("timestamp")).strip();

        int filesAt = published.indexOf("\"files\":[") + "\"files\":[".length();
        int filesEnd = published.indexOf("]", filesAt);
        String before = published.substring(0, filesAt);
        String after = published.substring(filesEnd);
        List<String> entries = new ArrayList<>();
        Matcher entry = Pattern.compile("\\{[^{}]*\\}").matcher(published.substring(filesAt, filesEnd));
        while (entry.find()) {
            entries.add(entry.group());
        }
        if (entries.size() < 20) {
            throw new IllegalStateException("the template needs 20 files, has " + entries.size());
        }
        String jobId = match(published, "\"jobId\":\"([^\"]*)\"");
        String head = "\"version\":1,\"kind\":\"initial\"";
        if (!before.contains(head)) {
            throw new IllegalStateException("unexpected template: " + before);
        }

        try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8),
                1 << 20)) {
            for (int round = 0; round < 3; round++) {
                for (int i = 1; i <= websites; i++) {
                    String id = "web_g" + String.format("%021d", i);
                    String payload;
                    String type;
                    String revision;
                    if (round == 0) {
                        payload = created.replace(templateId, id).replace("\"bench-template\"",
                                "\"" + slug(i) + "\"");
                        type = "io.sites.api.event.WebsiteCreated";
                        revision = createdRevision;
                    } else {
                        SplittableRandom random = new SplittableRandom(i * 31L + round);
                        int count = 5 + random.nextInt(16);
                        StringBuilder files = new StringBuilder();
                        for (int f = 0; f < count; f++) {
                            // A path of its own per website and version: each version's manifest is its own.
                            String template = entries.get((f + round + i) % entries.size());
                            String path = f == 0 ? "index.html" : "p" + round + "/" + f + "-" + i
                                    + extension(match(template, "\"path\":\"([^\"]*)\""));
                            if (f > 0) {
                                files.append(',');
                            }
                            files.append(template.replaceFirst("\"path\":\"[^\"]*\"", "\"path\":\"" + path + "\""));
                        }
                        payload = (before.replace(head, "\"version\":" + round + ",\"kind\":\""
                                + (round == 1 ? "initial" : "refinement") + "\"") + files + after)
                                .replace(templateId, id)
                                .replace(jobId, "job_g" + String.format("%021d", i) + round);
                        type = "io.sites.api.event.VersionPublished";
                        revision = publishedRevision;
                    }
                    out.write(id);
                    out.write('\t');
                    out.write(Integer.toString(round));
                    out.write('\t');
                    out.write(aggregateType);
                    out.write('\t');
                    out.write(UUID.randomUUID().toString());
                    out.write("\t\\\\x");
                    out.write(metadata);
                    out.write("\t\\\\x");
                    out.write(HEX.formatHex(payload.getBytes(StandardCharsets.UTF_8)));
                    out.write('\t');
                    out.write(revision);
                    out.write('\t');
                    out.write(type);
                    out.write('\t');
                    out.write(timestamp);
                    out.write('\n');
                }
            }
        }
    }

    static String slug(int i) {
        return "gen-" + i;
    }

    private static String extension(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(dot);
    }

    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        if (!matcher.find()) {
            throw new IllegalStateException("no " + regex + " in " + text);
        }
        return matcher.group(1);
    }
}
