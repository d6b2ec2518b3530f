package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A replica that starts without its site-directory snapshot reads the whole stream again. From the first moment
 * its ports accept connections, no acknowledged version may answer 404: 503 with Retry-After until the directory
 * has caught up with the store, then the bytes. Both graceful stops must leave no ERROR or WARN in the log.
 */
class RestartWithoutSnapshotTest {
    private static final int WEBSITES = 6;
    private static final int VERSIONS_PER_WEBSITE = 25;
    /**
     * Files per version besides index.html: enough that reading the stream again takes a noticeable while. A publish
     * costs mostly its round trip, a replay mostly its bytes: half the versions at twice the files read as long
     * again for half the publishing (the test's time was its 300 publishes).
     */
    private static final int SHARED_FILES = 160;

    @Test
    void noAcknowledgedVersionAnswers404WhileTheDirectoryReplays() throws Exception {
        ServiceProcess service = ServiceProcess.restartable(Files.createTempDirectory("sites-no-snapshot"),
                // Every version is read at its own host: what is checked is the directory, not preview grants.
                Map.of("SITES_PREVIEWS", "public"));
        Acknowledged acknowledged = new Acknowledged(SHARED_FILES);
        List<String> shutdownProblems = new ArrayList<>();
        service.start();
        try {
            publish(service, acknowledged);
        } finally {
            shutdownProblems.addAll(stopGracefully(service));
        }
        try (Stream<Path> snapshots = Files.list(service.data().resolve("blobs").resolve("snapshots"))) {
            for (Path snapshot : snapshots.toList()) {
                Files.delete(snapshot);
            }
        }

        service.launch();
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger notFound = new AtomicInteger();
        AtomicInteger wrong = new AtomicInteger();
        try {
            List<Acknowledged.Website> websites = List.copyOf(acknowledged.websites.values());
            List<Future<?>> pollers = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
                for (boolean sitePort : new boolean[] {true, false}) {
                    pollers.add(pool.submit(() -> {
                        Http port = awaitListening(service, sitePort);
                        // Until every version was served once: each pass asks for all of them again.
                        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                        boolean allServed = false;
                        while (!allServed && System.nanoTime() < deadline) {
                            allServed = true;
                            for (Acknowledged.Website website : websites) {
                                // Newest first: the last to be read again, so the longest at risk of a 404.
                                for (Map.Entry<Integer, byte[]> version : new TreeMap<>(website.versions())
                                        .descendingMap().entrySet()) {
                                    Http.Response response = acknowledged.send(() -> port.onHost(
                                            "v" + version.getKey() + "--" + website.slug() + ".localhost", "GET",
                                            "/"));
                                    requests.incrementAndGet();
                                    int status = response == null ? 0 : response.status();
                                    if (status == 404) {
                                        notFound.incrementAndGet();
                                    } else if (status == 200
                                            && !Arrays.equals(response.raw().body(), version.getValue())) {
                                        wrong.incrementAndGet();
                                    }
                                    allServed &= status == 200;
                                }
                            }
                        }
                        assertThat(allServed).as("every version served in time; log in " + service.log()).isTrue();
                        return null;
                    }));
                }
                for (Future<?> poller : pollers) {
                    poller.get();
                }
            }
            service.awaitApi();
        } finally {
            shutdownProblems.addAll(stopGracefully(service));
        }
        System.out.printf("ADVERSARIAL restart-no-snapshot h2: versions=%d requests=%d 503=%d 404=%d wrong=%d "
                + "5xx=%d shutdown-errors=%d%n", acknowledged.count(), requests.get(), acknowledged.unavailable.get(),
                notFound.get(), wrong.get(), acknowledged.serverErrors.get(), shutdownProblems.size());
        assertThat(notFound).as("acknowledged versions answered 404").hasValue(0);
        assertThat(wrong).as("other bytes than acknowledged").hasValue(0);
        assertThat(acknowledged.serverErrors).as("5xx other than 503 with Retry-After").hasValue(0);
        assertThat(shutdownProblems).as("ERROR or WARN while stopping").isEmpty();
    }

    /** A few clients publish, each to websites of its own, until the store holds a few hundred versions. */
    private static void publish(ServiceProcess service, Acknowledged acknowledged) throws Exception {
        Http api = service.api();
        List<Future<?>> clients = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            for (int i = 0; i < WEBSITES; i++) {
                clients.add(pool.submit(() -> {
                    Acknowledged.Website website = acknowledged.create(api, "replay");
                    assertThat(website).isNotNull();
                    for (int n = 1; n < VERSIONS_PER_WEBSITE; n++) {
                        assertThat(acknowledged.publish(api, website)).isPositive();
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get();
            }
        }
    }

    private static Http awaitListening(ServiceProcess service, boolean sitePort) throws InterruptedException {
        Http port = sitePort ? service.site() : service.api();
        while (true) {
            try {
                port.onHost("localhost", "HEAD", "/");
                return port;
            } catch (RuntimeException notYet) {
                assertThat(service.alive()).as("service starting; log in " + service.log()).isTrue();
                Thread.sleep(10);
            }
        }
    }

    private static List<String> stopGracefully(ServiceProcess service) throws Exception {
        int before = service.logLines();
        service.stop();
        return service.problems(before);
    }
}
