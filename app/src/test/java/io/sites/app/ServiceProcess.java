package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The real service in a JVM of its own, with no test classes on its classpath (so no test-only bean can be in it),
 * on both ports, so that it can be killed with -9 or stopped gracefully and started again on the same data, or run
 * on a small heap that exits on OutOfMemoryError. Each start takes fresh ports: a killed process's sockets must not
 * decide whether the next one can bind.
 */
public final class ServiceProcess implements AutoCloseable {
    public static final String TOKEN = PostgresAppTest.ALICE;
    /**
     * Every process started and maybe still running: a test that fails before its stop would otherwise leave a
     * service running past its test JVM, holding memory and a core for the rest of the run (and the machine's).
     */
    private static final java.util.Set<Process> RUNNING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly),
                "service-processes-killed"));
    }

    private final Path data;
    private final Map<String, String> environment;
    private final List<String> jvmOptions;
    /** False for a replica beside a test's own service: the data directory is that service's ({@link #sharingData}). */
    private boolean deletesData = true;
    private Process process;
    private int apiPort;
    private int sitePort;
    private int managementPort = -1;
    private boolean managementAddress = true;
    private int starts;
    private String name = "service";
    private List<String> command;

    /**
     * @param environment what this test sets beyond ports, data directory and token (the database, limits)
     * @param jvmOptions  the child JVM's options (heap size first)
     */
    public ServiceProcess(Path data, Map<String, String> environment, List<String> jvmOptions) {
        this.data = data;
        this.environment = environment;
        this.jvmOptions = jvmOptions;
    }

    /**
     * For kill -9 and restart tests: site hosts under "localhost" on the site port, no publish rate limit, and a JVM
     * that starts quickly (C1 only).
     * @param database the environment that picks the database (empty: the embedded H2 under {@code data})
     */
    public static ServiceProcess restartable(Path data, Map<String, String> database) {
        Map<String, String> environment = new HashMap<>(Map.of("SITES_SITE_HOST", "localhost",
                "SITES_PUBLISHES_PER_MINUTE", "1000000", "SITES_QUOTA_REQUESTS_SECOND", "1000000"));
        environment.putAll(database);
        return new ServiceProcess(data, environment, List.of("-Xmx384m", "-XX:TieredStopAtLevel=1"));
    }

    /** Started with {@code -Xmx<heap>} on the embedded default, exiting on OutOfMemoryError, with a collector log. */
    public static ServiceProcess onSmallHeap(String heap) throws Exception {
        Path data = Files.createTempDirectory("sites-small-heap");
        ServiceProcess service = new ServiceProcess(data, Map.of(), List.of("-Xmx" + heap,
                "-XX:+ExitOnOutOfMemoryError", "-Xlog:gc:file=" + data.resolve("gc.log")));
        service.start();
        return service;
    }

    /** Serves the management port too (health probes), on a fresh port at each start; see {@link #awaitReady()}. */
    public ServiceProcess withManagementPort() {
        managementPort = 0;
        return this;
    }

    /**
     * As {@link #withManagementPort()}, but without naming the management port's address, so that the service's own
     * default decides where it listens.
     */
    public ServiceProcess withManagementPortAtItsDefaultAddress() {
        managementAddress = false;
        return withManagementPort();
    }

    /** Runs this command instead of this build's classes: the packaged jar, as the image starts it. */
    public ServiceProcess withCommand(List<String> command) {
        this.command = command;
        return this;
    }

    /** Names its logs, so that two processes (two roles) can share one data directory. */
    public ServiceProcess named(String name) {
        this.name = name;
        return this;
    }

    /** Starts the service; returns when its ports accept connections, without waiting for it to answer. */
    public void launch() throws IOException {
        apiPort = freePort();
        sitePort = freePort();
        if (managementPort >= 0) {
            managementPort = freePort();
        }
        List<String> command = this.command != null ? this.command : java(jvmOptions);
        Map<String, String> env = new HashMap<>(Map.of("SERVER_PORT", Integer.toString(apiPort),
                "SITES_SITE_PORT", Integer.toString(sitePort), "SITES_DATA_DIR", data.toString(),
                "SITES_SEED_TOKENS", "alice=" + TOKEN, "SERVER_ADDRESS", "127.0.0.1",
                "SITES_SITE_ADDRESS", "127.0.0.1"));
        if (managementPort > 0) {
            env.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
            if (managementAddress) {
                env.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
            }
        }
        // No version pictures unless a test asks: each one is a headless Chromium beside the service, a core's worth
        // of work per publish that every process test would otherwise pay for (VersionPicturesTest covers them).
        env.put("SITES_PICTURES", "false");
        env.putAll(environment);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        starts++;
        builder.redirectErrorStream(true).redirectOutput(log().toFile());
        Path archive = this.command == null ? ClassDataArchive.writing(builder.command()) : null;
        process = builder.start();
        if (archive != null) {
            Process writer = process;
            writer.onExit().thenRun(() -> ClassDataArchive.written(archive, writer.exitValue()));
        }
        RUNNING.removeIf(started -> !started.isAlive());
        RUNNING.add(process);
    }

    /**
     * The command that runs this build's {@link SitesApplication} in a JVM of its own, without the test classes:
     * the JVM's options, then the application's arguments (an operator command, say).
     */
    public static List<String> java(List<String> jvmOptions, String... arguments) {
        List<String> entries = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes"))
                .toList();
        // Surefire exposes the real classpath (not its manifest-only booter jar), so test classes are really left out.
        assertThat(entries).hasSizeGreaterThan(10)
                .anyMatch(entry -> entry.replace('\\', '/').endsWith("app/target/classes"))
                .noneMatch(entry -> entry.contains("test-classes"));
        String classpath = ClassDataArchive.classpath(entries, entries.stream()
                .filter(entry -> entry.replace('\\', '/').endsWith("app/target/classes")).findFirst().orElseThrow());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(ClassDataArchive.options());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, SitesApplication.class.getName()));
        command.addAll(List.of(arguments));
        return command;
    }

    /**
     * A second replica of a {@code PostgresAppTest}'s service, in a JVM of its own: the same PostgreSQL and data
     * directory, a small pool and heap, site host localhost, instance name "second"; {@code more} adds settings.
     */
    public static ServiceProcess beside(org.springframework.core.env.Environment service, Map<String, String> more) {
        Map<String, String> settings = new java.util.HashMap<>(Map.of(
                "SPRING_PROFILES_ACTIVE", "postgres",
                "SPRING_DATASOURCE_URL", service.getProperty("spring.datasource.url"),
                "SPRING_DATASOURCE_USERNAME", service.getProperty("spring.datasource.username"),
                "SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4",
                "SITES_SITE_HOST", "localhost", "HOSTNAME", "second"));
        settings.putAll(more);
        ServiceProcess second = new ServiceProcess(Path.of(service.getProperty("sites.data-dir")), settings,
                List.of("-Xmx384m", "-XX:TieredStopAtLevel=1"));
        return second.sharingData();
    }

    /**
     * Starts the service and waits until the API answers and the site port serves: until its directory has read
     * the store, a site replica answers every host 503 "starting", and a test's first request must come after.
     * {@link #launch()} and {@link #awaitApi()} are for the tests that watch that window.
     */
    public void start() throws Exception {
        launch();
        awaitApi();
        awaitUntil(() -> site().onHost("localhost", "GET", "/").status() != 503);
    }

    public void awaitApi() throws Exception {
        // Both ports: the site port opens last.
        awaitUntil(() -> api().get("/v1", null).status() == 200
                && site().onHost("localhost", "GET", "/").status() > 0);
    }

    /** Waits until {@code ready} holds (a replica with one role opens only some ports); it may throw meanwhile. */
    public void awaitUntil(BooleanSupplier ready) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (true) {
            assertThat(process.isAlive()).as("service started; log in " + log()).isTrue();
            try {
                if (ready.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("service ready in time; log in " + log()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /**
     * Waits until the management port's readiness probe answers 200: whatever roles the replica runs, it then
     * takes traffic (its site directory has caught up).
     */
    public void awaitReady() throws Exception {
        assertThat(managementPort).as("started withManagementPort()").isPositive();
        Http http = management();
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (true) {
            assertThat(process.isAlive()).as("service started; log in " + log()).isTrue();
            try {
                if (http.get("/actuator/health/readiness", null).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("service ready in time; log in " + log()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** For a start that must fail: waits for the process to end and returns its exit code. */
    public int awaitExit() throws InterruptedException {
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("the service exited; log in " + log()).isTrue();
        return process.exitValue();
    }

    /** kill -9: no shutdown hook, no flush, nothing the service could still do. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** SIGTERM, as an orchestrator stops a service, and waits for the exit. */
    public void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("the service did not stop within 60 s; log in " + log());
        }
    }

    /** SIGTERM without waiting for the exit: for a test that watches what happens while the service drains. */
    public void terminate() {
        process.destroy();
    }

    /** Waits at most this long for the exit; its status (143 after a SIGTERM: 128 + the signal). */
    public int awaitExit(Duration timeout) throws InterruptedException {
        assertThat(process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
                .as("the service exited within " + timeout + "; log in " + log()).isTrue();
        return process.exitValue();
    }

    public int sitePort() {
        return sitePort;
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    public Http api() {
        return new Http(apiPort);
    }

    public Http site() {
        return new Http(sitePort);
    }

    public int managementPort() {
        return managementPort;
    }

    public Http management() {
        return new Http(managementPort);
    }

    /** The operating system's id of this start's process. */
    public long pid() {
        return process.pid();
    }

    public Path data() {
        return data;
    }

    /** This start's log; each start writes a new one, so a check reads only what this run of the service said. */
    public Path log() {
        return data.resolve(name + "-" + starts + ".log");
    }

    /** ERROR and WARN lines of this start's log after its first {@code skip} lines. */
    public List<String> problems(int skip) throws IOException {
        return Files.readAllLines(log()).stream().skip(skip)
                .filter(line -> line.contains(" ERROR ") || line.contains(" WARN "))
                .toList();
    }

    public int logLines() throws IOException {
        return Files.readAllLines(log()).size();
    }

    public int apiPort() {
        return apiPort;
    }

    /** The collector's log of a small-heap service: heap before and after each collection. */
    public Path gcLog() {
        return data.resolve("gc.log");
    }

    /**
     * From the collector's log, in bytes: the fullest the heap got before a collection (what the collector let it
     * grow to) and the most still in use after one (what the service really held).
     */
    public record HeapPeaks(long beforeCollection, long afterCollection) {
        private static final java.util.regex.Pattern COLLECTION =
                java.util.regex.Pattern.compile("(\\d+)([KMG])->(\\d+)([KMG])\\(\\d+[KMG]\\)");

        public long beforeMegabytes() {
            return beforeCollection >> 20;
        }

        public long afterMegabytes() {
            return afterCollection >> 20;
        }

        static HeapPeaks of(Path gcLog) throws IOException {
            long before = 0;
            long after = 0;
            for (String line : Files.readAllLines(gcLog)) {
                java.util.regex.Matcher sizes = COLLECTION.matcher(line);
                if (sizes.find()) {
                    before = Math.max(before, bytes(sizes.group(1), sizes.group(2)));
                    after = Math.max(after, bytes(sizes.group(3), sizes.group(4)));
                }
            }
            return new HeapPeaks(before, after);
        }

        private static long bytes(String count, String unit) {
            return Long.parseLong(count) << switch (unit) {
                case "K" -> 10;
                case "M" -> 20;
                default -> 30;
            };
        }
    }

    /** The heap's peaks so far, from {@link #gcLog()}. */
    public HeapPeaks heapPeaks() throws IOException {
        return HeapPeaks.of(gcLog());
    }

    /**
     * This process uses the data directory of a service the test context runs (a cached Spring context that serves
     * the next test classes): {@link #close()} leaves it as it is.
     */
    public ServiceProcess sharingData() {
        deletesData = false;
        return this;
    }

    /**
     * Stops the service and deletes what it stored (hundreds of megabytes of blobs on a memory test); logs stay. A
     * replica {@link #beside} another service leaves the directory they share to that one (its context is cached and
     * serves the next test classes).
     */
    @Override
    public void close() throws Exception {
        stop();
        if (!deletesData) {
            return;
        }
        for (String stored : new String[] {"blobs", "db", "tmp", "site-directory"}) {
            Path dir = data.resolve(stored);
            if (Files.exists(dir)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    /**
     * A loopback port for a service this test starts: free now, never handed out before by this JVM, and below the
     * system's ephemeral range (32768 and up on Linux), so that no outgoing connection of any process (a pool's
     * PostgreSQL connections, another test's client) takes it between this call and the service's bind; a port the
     * system picks itself (port 0) is such an ephemeral port, which is how a replica once failed with "Port already
     * in use".
     */
    public static int freePort() throws IOException {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = random.nextInt(20_000, 32_000);
            if (!HANDED_OUT.add(port)) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // someone listens there: another
            }
        }
        throw new IOException("no free port between 20000 and 32000 after 1000 tries");
    }

    private static final java.util.Set<Integer> HANDED_OUT = java.util.concurrent.ConcurrentHashMap.newKeySet();
}
