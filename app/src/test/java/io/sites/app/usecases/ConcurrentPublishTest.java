package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Races on PostgreSQL: version numbers stay gap-free and unique, and one slug goes to exactly one website. */
class ConcurrentPublishTest extends PostgresAppTest {

    @Autowired
    EventStore eventStore;

    @Test
    void twentyConcurrentPublishesToOneWebsiteGetVersionsTwoToTwentyOneEachOnce() throws Exception {
        String websiteId = http().post("/v1/websites", ALICE, site(null, "Race", file("index.html", "v1")))
                .json().get("websiteId").asString();
        List<Http.Response> responses = race(20, i -> http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(null, "racer " + i, file("index.html", "racer " + i))));
        assertThat(responses).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(201));
        List<Integer> versions = responses.stream().map(r -> r.json().get("version").asInt()).sorted().toList();
        assertThat(versions).isEqualTo(IntStream.rangeClosed(2, 21).boxed().toList());

        // Snapshots were taken along the way, and a snapshot reads back as the website it describes.
        List<DomainEventMessage<?>> snapshots = new ArrayList<>();
        await(() -> eventStore.readEvents(websiteId).asStream().findFirst()
                .filter(first -> first.getType() != null && first.getPayloadType().getSimpleName().equals("Website"))
                .map(snapshots::add).isPresent());
        Object website = snapshots.getFirst().getPayload();
        Field lastVersion = website.getClass().getDeclaredField("lastVersion");
        lastVersion.setAccessible(true);
        assertThat(lastVersion.getInt(website)).isBetween(5, 21);
        Http.Response next = http().post("/v1/websites/" + websiteId + "/versions", ALICE,
                version(null, null, file("index.html", "after the race")));
        assertThat(next.json().get("version").asInt()).isEqualTo(22);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        assertThat(condition.getAsBoolean()).isTrue();
    }

    @Test
    void tenConcurrentCreatesWithOneSlugGiveOne201AndNine409() throws Exception {
        String slug = unique("contested");
        List<Http.Response> responses = race(10, i -> http().post("/v1/websites", i % 2 == 0 ? ALICE : BOB,
                site(slug, "Contender " + i, file("index.html", "contender " + i))));
        assertThat(responses.stream().filter(r -> r.status() == 201)).hasSize(1);
        assertThat(responses.stream().filter(r -> r.status() == 409)).hasSize(9);
        String winner = responses.stream().filter(r -> r.status() == 201).findFirst().orElseThrow().json()
                .get("websiteId").asString();
        assertThat(http().site(slug, "/").text()).startsWith("contender ");
        assertThat(winner).startsWith("web_");
    }

    interface Call {
        Http.Response run(int i);
    }

    /** Starts every call at once from its own thread, so they really contend. */
    private static List<Http.Response> race(int n, Call call) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
            List<Future<Http.Response>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<Http.Response> task = () -> {
                    start.await();
                    return call.run(index);
                };
                futures.add(pool.submit(task));
            }
            start.countDown();
            List<Http.Response> responses = new ArrayList<>();
            for (Future<Http.Response> future : futures) {
                responses.add(future.get());
            }
            return responses;
        }
    }
}
