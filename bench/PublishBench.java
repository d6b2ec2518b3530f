// Load client and floor measurement for bench/publish. JDK only; run with the single-file source launcher:
//
//   java bench/PublishBench.java publish --url http://127.0.0.1:PORT --token TOKEN --label NAME [options]
//   java -cp <jdbc driver jar> bench/PublishBench.java floor --jdbc URL [--user U] --dir DIR --label NAME [options]
//
// Options: --publishes N (300), --concurrency C (8), --warmup W (30; bench/publish passes 3000), --out FILE
// (appends one TSV line per scenario: label, scenario, clients, n, p50, p99, max, mean, publishes/s, service CPU per
// publish, of which the JIT compiler threads'; times in ms).
// Publish mode only: --scenarios sequential,concurrent,spread (default all three); --service-pid PID and
// --clock-ticks HZ (getconf CLK_TCK) to report the CPU time the service spent per publish, read from /proc;
// --floor-jdbc URL [--floor-user U] --floor-dir DIR (and the driver on the class path): the sequential scenario
// alternates with the floor, one publish and one floor bundle in turn, and adds the row "floor, alternating".
// --service-jdbc URL [--service-user U]: the service's PostgreSQL database; when that server runs without autovacuum,
// the warm-up vacuums and analyzes it after each chunk, as autovacuum would have as the tables grew.
//
// Every publish is a 10-file bundle of about 1 MiB (index.html, a stylesheet, a script and seven binary images sent as
// base64). Every byte of every bundle is freshly random, so no two publishes share a blob and content-addressed
// deduplication never saves a write. Bodies are generated before a scenario starts, so generating them is not timed.

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class PublishBench {

    // ---------------------------------------------------------------- the bundle

    static final String[] PATHS = {
            "index.html", "assets/style.css", "assets/app.js",
            "images/photo-1.webp", "images/photo-2.webp", "images/photo-3.webp", "images/photo-4.webp",
            "images/photo-5.webp", "images/photo-6.webp", "images/photo-7.webp"};
    /** 8 KiB + 24 KiB + 32 KiB of text and 7 x 140,434 bytes of "images": 1,048,574 bytes, just under 1 MiB. */
    static final int[] SIZES = {8 * 1024, 24 * 1024, 32 * 1024, 140_434, 140_434, 140_434, 140_434, 140_434,
            140_434, 140_434};
    static final boolean[] BINARY = {false, false, false, true, true, true, true, true, true, true};
    static final byte[] TEXT_ALPHABET =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".getBytes(StandardCharsets.US_ASCII);
    static final int BUNDLE_BYTES = Arrays.stream(SIZES).sum();
    /** Warm-up publishes are made this many at a time, so a long warm-up never holds more bodies than that. */
    static final int WARMUP_CHUNK = 200;

    /** The raw bytes of one bundle's ten files, all random. */
    static byte[][] bundle(SplittableRandom random) {
        byte[][] files = new byte[PATHS.length][];
        files[0] = padded("""
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Bench</title>
                <link rel="stylesheet" href="assets/style.css"></head>
                <body><h1>Publish benchmark</h1>
                <img src="images/photo-1.webp" alt=""><img src="images/photo-2.webp" alt="">
                <script src="assets/app.js"></script>
                <p>""", "</p></body></html>\n", SIZES[0], random);
        files[1] = padded("body { margin: 0; }\n/* ", " */\n", SIZES[1], random);
        files[2] = padded("const filler = \"", "\";\nconsole.log(filler.length);\n", SIZES[2], random);
        for (int i = 3; i < PATHS.length; i++) {
            byte[] image = new byte[SIZES[i]];
            random.nextBytes(image);
            // A RIFF/WEBP header in front of the noise, so the file at least starts like what its name says.
            byte[] header = "RIFF____WEBPVP8 ".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(header, 0, image, 0, header.length);
            files[i] = image;
        }
        return files;
    }

    private static byte[] padded(String head, String tail, int size, SplittableRandom random) {
        byte[] h = head.getBytes(StandardCharsets.UTF_8);
        byte[] t = tail.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[size];
        System.arraycopy(h, 0, out, 0, h.length);
        for (int i = h.length; i < size - t.length; i++) {
            out[i] = TEXT_ALPHABET[random.nextInt(TEXT_ALPHABET.length)];
        }
        System.arraycopy(t, 0, out, size - t.length, t.length);
        return out;
    }

    /** The JSON "files" array, built by hand: text files inline as UTF-8, binary files as base64. */
    static String filesJson(byte[][] files) {
        StringBuilder json = new StringBuilder(BUNDLE_BYTES * 4 / 3 + 4096).append('[');
        for (int i = 0; i < files.length; i++) {
            if (i > 0) {
                json.append(',');
            }
            json.append("{\"path\":");
            quote(json, PATHS[i]);
            json.append(",\"content\":");
            if (BINARY[i]) {
                json.append('"').append(Base64.getEncoder().encodeToString(files[i]))
                        .append("\",\"contentEncoding\":\"base64\"");
            } else {
                quote(json, new String(files[i], StandardCharsets.UTF_8));
            }
            json.append('}');
        }
        return json.append(']').toString();
    }

    static void quote(StringBuilder json, String s) {
        json.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    // ---------------------------------------------------------------- statistics

    /**
     * cpuMs: CPU time the service process used per publish during the scenario (user + system), NaN if unknown;
     * jitMs: the part of it its JIT compiler threads used, a cost of warming up rather than of the publish.
     */
    record Stats(String scenario, int clients, int n, double p50, double p99, double max, double mean,
            double perSecond, double cpuMs, double jitMs) {
        static Stats of(String scenario, int clients, long[] nanos, long wallNanos, double cpuMs, double jitMs) {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            double sum = 0;
            for (long v : sorted) {
                sum += v;
            }
            return new Stats(scenario, clients, sorted.length, ms(rank(sorted, 0.50)), ms(rank(sorted, 0.99)),
                    ms(sorted[sorted.length - 1]), sum / sorted.length / 1e6, sorted.length / (wallNanos / 1e9),
                    cpuMs, jitMs);
        }

        /** Nearest-rank percentile. */
        private static long rank(long[] sorted, double q) {
            int index = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
        }

        private static double ms(long nanos) {
            return nanos / 1e6;
        }

        String tsv(String label) {
            return String.format(java.util.Locale.ROOT, "%s\t%s\t%d\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%s\t%s", label,
                    scenario, clients, n, p50, p99, max, mean, perSecond, oneDecimal(cpuMs), oneDecimal(jitMs));
        }

        private static String oneDecimal(double value) {
            return Double.isNaN(value) ? "-" : String.format(java.util.Locale.ROOT, "%.1f", value);
        }

        void print(String label) {
            System.out.printf(java.util.Locale.ROOT,
                    "%-10s %-24s clients=%-2d n=%-4d p50=%7.1f ms  p99=%7.1f ms  max=%7.1f ms  mean=%7.1f ms  %6.1f/s%s%n",
                    label, scenario, clients, n, p50, p99, max, mean, perSecond, Double.isNaN(cpuMs) ? ""
                            : String.format(java.util.Locale.ROOT, "  service CPU %.1f ms/publish (JIT %.1f)", cpuMs,
                                    jitMs));
        }
    }

    // ---------------------------------------------------------------- arguments

    static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("Expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    static int intOption(Map<String, String> options, String name, int fallback) {
        return options.containsKey(name) ? Integer.parseInt(options.get(name)) : fallback;
    }

    static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("Missing --" + name);
        }
        return value;
    }

    static void emit(Map<String, String> options, String label, Stats stats) throws IOException {
        stats.print(label);
        if (options.containsKey("out")) {
            Files.writeString(Path.of(options.get("out")), stats.tsv(label) + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
    }

    static void fail(String message) {
        System.err.println("ERROR: " + message);
        System.exit(2);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: PublishBench publish|floor --name value ...");
            System.exit(64);
        }
        Map<String, String> options = options(args);
        switch (args[0]) {
            case "publish" -> new Publisher(options).run();
            case "floor" -> new Floor(options).run();
            default -> fail("unknown mode " + args[0]);
        }
    }

    // ---------------------------------------------------------------- publishes through the REST interface

    static final class Publisher {
        private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*(\\d+)");
        private static final Pattern WEBSITE_ID = Pattern.compile("\"websiteId\"\\s*:\\s*\"([^\"]+)\"");

        private final Map<String, String> options;
        private final String base;
        private final String token;
        private final String label;
        private final int publishes;
        private final int concurrency;
        private final int warmup;
        private final HttpClient http;
        private final String servicePid;
        private final int clockTicks;
        private final SplittableRandom seed = new SplittableRandom();
        /** Every version number the service returned, per website, to check that none is missing or repeated. */
        private final Map<String, ConcurrentLinkedQueue<Integer>> versions = new ConcurrentHashMap<>();

        Publisher(Map<String, String> options) {
            this.options = options;
            this.base = required(options, "url").replaceAll("/+$", "");
            this.token = required(options, "token");
            this.label = options.getOrDefault("label", "service");
            this.publishes = intOption(options, "publishes", 300);
            this.concurrency = intOption(options, "concurrency", 8);
            this.warmup = intOption(options, "warmup", 30);
            this.servicePid = options.get("service-pid");
            this.clockTicks = intOption(options, "clock-ticks", 100);
            this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
        }

        void run() throws Exception {
            System.out.printf("%s: bundle of %d files, %,d bytes (about %,d bytes of JSON), all bytes random%n",
                    label, PATHS.length, BUNDLE_BYTES, bodies(1)[0].length);
            String website = createWebsite("bench-" + label);

            System.out.printf("%s: warm-up, %d publishes (not counted)%n", label, warmup);
            // In chunks, so a warm-up long enough for the JIT to settle (about a thousand publishes on two cores)
            // never holds more than a few hundred bodies at once.
            Maintenance maintenance = Maintenance.of(options);
            for (int done = 0; done < warmup; done += WARMUP_CHUNK) {
                runScenario("warm-up", bodies(Math.min(WARMUP_CHUNK, warmup - done)), 1, List.of(website), false);
                maintenance.afterChunk();
            }

            List<String> scenarios = List.of(options.getOrDefault("scenarios", "sequential,concurrent,spread")
                    .split(","));
            if (scenarios.contains("sequential")) {
                if (options.containsKey("floor-jdbc")) {
                    sequentialBesideTheFloor(website);
                } else {
                    emit(options, label, runScenario("sequential", bodies(publishes), 1, List.of(website), true));
                }
            }
            if (scenarios.contains("concurrent")) {
                emit(options, label, runScenario("concurrent, 1 website", bodies(publishes), concurrency,
                        List.of(website), true));
            }
            if (scenarios.contains("spread")) {
                List<String> spread = new ArrayList<>();
                for (int i = 0; i < concurrency; i++) {
                    spread.add(createWebsite("bench-" + label + "-" + (i + 1)));
                }
                emit(options, label, runScenario("concurrent, " + concurrency + " websites", bodies(publishes),
                        concurrency, spread, true));
            }

            checkVersions();
        }

        /**
         * The sequential scenario with the floor measured in turn with it: one publish, then the floor storing a
         * bundle of the same shape, and so on, so both see the same disk and the same neighbours on a shared
         * machine (a floor measured minutes later moved by 2-3x from one run to the next). The floor's row is
         * "floor, alternating"; the publishes' throughput counts their own time only.
         */
        private void sequentialBesideTheFloor(String website) throws Exception {
            Map<String, String> floorOptions = new HashMap<>(Map.of("jdbc", options.get("floor-jdbc"),
                    "user", options.getOrDefault("floor-user", ""), "dir", required(options, "floor-dir"),
                    "label", label));
            Floor floor = new Floor(floorOptions);
            floor.setUp();
            byte[][][] bundles = new byte[publishes][][];
            for (int i = 0; i < publishes; i++) {
                bundles[i] = bundle(seed.split());
            }
            long[] floorLatencies = new long[publishes];
            try (Floor.Client client = floor.client()) {
                emit(options, label, runScenario("sequential", bodies(publishes), 1, List.of(website), true,
                        i -> {
                            floorLatencies[i] = client.publish(bundles[i], true);
                            bundles[i] = null;
                            return floorLatencies[i];
                        }));
            }
            emit(options, label, Stats.of("floor, alternating", 1, floorLatencies,
                    Arrays.stream(floorLatencies).sum(), Double.NaN, Double.NaN));
        }

        /** Work done after the publish at an index and not counted as the scenario's: how long it took, in ns. */
        interface Beside {
            long after(int index) throws Exception;
        }

        private byte[][] bodies(int count) {
            byte[][] bodies = new byte[count][];
            for (int i = 0; i < count; i++) {
                SplittableRandom random = seed.split();
                String json = "{\"message\":\"bench publish " + i + "\",\"files\":" + filesJson(bundle(random)) + "}";
                bodies[i] = json.getBytes(StandardCharsets.UTF_8);
            }
            return bodies;
        }

        private String createWebsite(String name) throws Exception {
            String json = "{\"name\":\"" + name + "\",\"category\":\"other\",\"files\":"
                    + filesJson(bundle(seed.split())) + "}";
            HttpResponse<String> response = post("/v1/websites", json.getBytes(StandardCharsets.UTF_8));
            if (response.statusCode() != 201) {
                fail("createWebsite answered " + response.statusCode() + ": " + snippet(response.body()));
            }
            Matcher id = WEBSITE_ID.matcher(response.body());
            if (!id.find()) {
                fail("createWebsite answered without a websiteId: " + snippet(response.body()));
            }
            record(id.group(1), response.body());
            return id.group(1);
        }

        /**
         * Sends every body once: {@code clients} threads, each a closed loop (next request only after the previous
         * answer), client {@code t} publishing to {@code websites.get(t % websites.size())}.
         */
        private Stats runScenario(String scenario, byte[][] bodies, int clients, List<String> websites,
                boolean report) throws Exception {
            return runScenario(scenario, bodies, clients, websites, report, null);
        }

        /**
         * As above, and after each publish {@code beside} (one client only); its time is left out of the
         * throughput, while the service's CPU is read over the whole scenario, so what it does after each answer
         * counts too.
         */
        private Stats runScenario(String scenario, byte[][] bodies, int clients, List<String> websites,
                boolean report, Beside beside) throws Exception {
            if (bodies.length == 0) {
                return null;
            }
            long[] latencies = new long[bodies.length];
            AtomicLong besideNanos = new AtomicLong();
            AtomicInteger next = new AtomicInteger();
            AtomicReference<String> error = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            long cpuStart = serviceCpuTicks();
            long jitStart = jitCpuTicks();
            long start = System.nanoTime();
            for (int t = 0; t < clients; t++) {
                String website = websites.get(t % websites.size());
                threads.add(Thread.ofPlatform().name("client-" + t).start(() -> {
                    int i;
                    while (error.get() == null && (i = next.getAndIncrement()) < bodies.length) {
                        try {
                            long t0 = System.nanoTime();
                            HttpResponse<String> response = post("/v1/websites/" + website + "/versions", bodies[i]);
                            latencies[i] = System.nanoTime() - t0;
                            if (response.statusCode() != 201) {
                                error.compareAndSet(null, "createWebsiteVersion #" + i + " answered "
                                        + response.statusCode() + ": " + snippet(response.body()));
                            } else {
                                record(website, response.body());
                            }
                            bodies[i] = null; // let the collector have it
                            if (beside != null && error.get() == null) {
                                besideNanos.addAndGet(beside.after(i));
                            }
                        } catch (Exception e) {
                            error.compareAndSet(null, "createWebsiteVersion #" + i + " failed: " + e);
                        }
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join();
            }
            long wall = System.nanoTime() - start - besideNanos.get();
            long cpuTicks = serviceCpuTicks() - cpuStart;
            long jitTicks = Math.max(0, jitCpuTicks() - jitStart); // a compiler thread may have ended meanwhile
            if (error.get() != null) {
                fail(label + " " + scenario + ": " + error.get());
            }
            double cpuMs = cpuStart < 0 ? Double.NaN : cpuTicks * 1000.0 / clockTicks / bodies.length;
            double jitMs = jitStart < 0 ? Double.NaN : jitTicks * 1000.0 / clockTicks / bodies.length;
            return report ? Stats.of(scenario, clients, latencies, wall, cpuMs, jitMs) : null;
        }

        private void record(String website, String body) {
            Matcher version = VERSION.matcher(body);
            if (!version.find()) {
                fail("response without a version: " + snippet(body));
            }
            versions.computeIfAbsent(website, w -> new ConcurrentLinkedQueue<>())
                    .add(Integer.parseInt(version.group(1)));
        }

        /** Each website's versions must be exactly 1..n: no gap, no number handed out twice. */
        private void checkVersions() {
            int total = 0;
            for (Map.Entry<String, ConcurrentLinkedQueue<Integer>> entry : new TreeMap<>(versions).entrySet()) {
                int[] numbers = entry.getValue().stream().mapToInt(Integer::intValue).sorted().toArray();
                for (int i = 0; i < numbers.length; i++) {
                    if (numbers[i] != i + 1) {
                        fail("versions of " + entry.getKey() + " are not gap-free 1.." + numbers.length
                                + ": position " + (i + 1) + " holds " + numbers[i]);
                    }
                }
                total += numbers.length;
            }
            System.out.printf("%s: every response was 201; versions gap-free on %d websites (%d versions)%n", label,
                    versions.size(), total);
        }

        /**
         * utime + stime of the service's JIT compiler threads ("C1 CompilerThre", "C2 CompilerThre") from /proc
         * (Linux), in clock ticks; -1 when not known. The JVM may end a compiler thread it no longer needs, and the
         * time of an ended thread is no longer counted, so a scenario's difference can only undercount.
         */
        private long jitCpuTicks() {
            if (servicePid == null) {
                return -1;
            }
            long ticks = 0;
            try (var tasks = Files.list(Path.of("/proc", servicePid, "task"))) {
                for (Path task : tasks.toList()) {
                    try {
                        String stat = Files.readString(task.resolve("stat"));
                        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                        if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                            ticks += cpuTicks(stat);
                        }
                    } catch (IOException ended) {
                        // the thread ended between the listing and the read
                    }
                }
                return ticks;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        /** utime + stime of the service process from /proc (Linux), in clock ticks; -1 when not known. */
        private long serviceCpuTicks() {
            if (servicePid == null) {
                return -1;
            }
            try {
                return cpuTicks(Files.readString(Path.of("/proc", servicePid, "stat")));
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        /** utime + stime of a /proc stat line (fields 14 and 15; the name in parentheses may hold spaces). */
        private static long cpuTicks(String stat) {
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }

        private HttpResponse<String> post(String path, byte[] body) throws IOException, InterruptedException {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(120))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        }

        private static String snippet(String body) {
            return body.length() > 500 ? body.substring(0, 500) + "..." : body;
        }
    }

    // ---------------------------------------------------------------- the floor

    /**
     * What a publish cannot avoid: put the bundle's ten files into a content-addressed directory durably (SHA-256,
     * temp file, write, fsync, atomic rename to ab/cd/<sha256>, fsync of the directory) and commit one small row to
     * the database. Same bundles, same disk, same number of publishes and clients as the REST scenarios. "floor"
     * writes a bundle's ten files in parallel (one virtual thread each, as the service does) and is the one the
     * publish rows are compared with; "floor, serial writes" writes them one after the other.
     */
    static final class Floor {
        private final Map<String, String> options;
        private final String jdbc;
        private final String user;
        private final Path root;
        private final Path temp;
        private final String label;
        private final int publishes;
        private final int concurrency;
        private final int warmup;
        private final AtomicInteger versionSequence = new AtomicInteger();

        Floor(Map<String, String> options) throws IOException {
            this.options = options;
            this.jdbc = required(options, "jdbc");
            this.user = options.getOrDefault("user", "");
            this.root = Path.of(required(options, "dir")).toAbsolutePath();
            this.temp = root.resolve(".tmp");
            this.label = options.getOrDefault("label", "floor");
            this.publishes = intOption(options, "publishes", 300);
            this.concurrency = intOption(options, "concurrency", 8);
            this.warmup = intOption(options, "warmup", 30);
            Files.createDirectories(temp);
        }

        void run() throws Exception {
            setUp();
            System.out.printf("%s: floor = %d files (%,d bytes) into a content-addressed directory + one commit%n",
                    label, PATHS.length, BUNDLE_BYTES);
            for (int done = 0; done < warmup; done += WARMUP_CHUNK) {
                runScenario("warm-up", Math.min(WARMUP_CHUNK, warmup - done), 1, true, false);
            }
            emit(options, label, runScenario("floor", publishes, 1, true, true));
            emit(options, label, runScenario("floor", publishes, concurrency, true, true));
            emit(options, label, runScenario("floor, serial writes", publishes, 1, false, true));
            emit(options, label, runScenario("floor, serial writes", publishes, concurrency, false, true));
        }

        void setUp() throws SQLException {
            try (Connection connection = connect(); Statement ddl = connection.createStatement()) {
                ddl.execute("create table if not exists floor_version (website varchar(40) not null, "
                        + "version integer not null, manifest varchar(2000) not null, primary key (website, version))");
                connection.commit();
            }
        }

        private Connection connect() throws SQLException {
            Connection connection = DriverManager.getConnection(jdbc, user, "");
            connection.setAutoCommit(false);
            return connection;
        }

        /** One client of the floor: its connection, its statement and the virtual threads that write its files. */
        Client client() throws SQLException {
            return new Client();
        }

        final class Client implements AutoCloseable {
            private final Connection connection = connect();
            private final PreparedStatement insert = connection.prepareStatement(
                    "insert into floor_version (website, version, manifest) values (?, ?, ?)");
            private final ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();

            private Client() throws SQLException {
            }

            /** Stores one bundle as the floor does and returns how long that took, in nanoseconds. */
            long publish(byte[][] bundle, boolean parallel) throws Exception {
                long t0 = System.nanoTime();
                StringBuilder manifest = new StringBuilder();
                if (parallel) {
                    List<Future<String>> stored = new ArrayList<>();
                    for (byte[] file : bundle) {
                        stored.add(writers.submit(() -> store(file)));
                    }
                    for (Future<String> hex : stored) {
                        manifest.append(hex.get(), 0, 16).append(',');
                    }
                } else {
                    for (byte[] file : bundle) {
                        manifest.append(store(file), 0, 16).append(',');
                    }
                }
                insert.setString(1, "web_floor");
                insert.setInt(2, versionSequence.incrementAndGet());
                insert.setString(3, manifest.toString());
                insert.executeUpdate();
                connection.commit();
                return System.nanoTime() - t0;
            }

            @Override
            public void close() throws SQLException {
                writers.close();
                insert.close();
                connection.close();
            }
        }

        private Stats runScenario(String scenario, int count, int clients, boolean parallel, boolean report)
                throws Exception {
            SplittableRandom seed = new SplittableRandom();
            byte[][][] bundles = new byte[count][][];
            for (int i = 0; i < count; i++) {
                bundles[i] = bundle(seed.split());
            }
            long[] latencies = new long[count];
            AtomicInteger next = new AtomicInteger();
            AtomicReference<Throwable> error = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            long start = System.nanoTime();
            for (int t = 0; t < clients; t++) {
                threads.add(Thread.ofPlatform().name("floor-" + t).start(() -> {
                    try (Client client = client()) {
                        int i;
                        while (error.get() == null && (i = next.getAndIncrement()) < count) {
                            latencies[i] = client.publish(bundles[i], parallel);
                            bundles[i] = null;
                        }
                    } catch (Throwable e) {
                        error.compareAndSet(null, e);
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join();
            }
            long wall = System.nanoTime() - start;
            if (error.get() != null) {
                error.get().printStackTrace();
                fail(label + " " + scenario + ": " + error.get());
            }
            return report ? Stats.of(scenario, clients, latencies, wall, Double.NaN, Double.NaN) : null;
        }

        private String store(byte[] bytes) throws IOException, NoSuchAlgorithmException {
            String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            Path dir = root.resolve(hex.substring(0, 2)).resolve(hex.substring(2, 4));
            Files.createDirectories(dir);
            Path part = Files.createTempFile(temp, "blob-", ".part");
            try (FileChannel out = FileChannel.open(part, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(part, dir.resolve(hex), StandardCopyOption.ATOMIC_MOVE);
            try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
                directory.force(true);
            }
            return hex;
        }
    }

    /**
     * What autovacuum does for a service's database as its tables grow from empty, done by the bench when the server
     * has it off (a CI server may): without it, no table is ever analyzed, so the plans the service's prepared
     * statements cached while the tables were small (sequential scans) are never planned again, and a publish after
     * thousands slows with the history for a reason no production server has. The measured scenarios run without it.
     */
    record Maintenance(String jdbc, String user) {
        static Maintenance of(Map<String, String> options) throws SQLException {
            String jdbc = options.get("service-jdbc");
            if (jdbc == null) {
                return new Maintenance(null, null);
            }
            String user = options.getOrDefault("service-user", "postgres");
            try (Connection connection = DriverManager.getConnection(jdbc, user, "");
                    Statement statement = connection.createStatement();
                    var setting = statement.executeQuery("show autovacuum")) {
                if (setting.next() && "on".equals(setting.getString(1))) {
                    return new Maintenance(null, null);
                }
            }
            System.out.println("autovacuum is off on the service's database server: the warm-up runs VACUUM ANALYZE"
                    + " after each chunk of " + WARMUP_CHUNK + ", as autovacuum would have");
            return new Maintenance(jdbc, user);
        }

        void afterChunk() throws SQLException {
            if (jdbc == null) {
                return;
            }
            try (Connection connection = DriverManager.getConnection(jdbc, user, "");
                    Statement statement = connection.createStatement()) {
                statement.execute("vacuum analyze");
            }
        }
    }
}
