package io.sites.app.usecases;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Upload slots on PostgreSQL: the migration, and one slot raced by concurrent publishes is used exactly once. */
class UploadSlotsPostgresTest extends PostgresAppTest {

    @Test
    void concurrentPublishesOfOneSlotPublishItOnce() throws Exception {
        Http.Response allocated = http().post("/v1/uploads", ALICE,
                Map.of("files", List.of(Map.of("path", "logo.webp", "size", 3))));
        assertThat(allocated.status()).as(allocated.text()).isEqualTo(201);
        JsonNode slot = allocated.json().get("uploads").get(0);
        assertThat(http().putBytes(slot.get("putUrl").asString(), "image/webp", new byte[] {1, 2, 3}).status())
                .isEqualTo(200);

        int racers = 6;
        List<Callable<Http.Response>> publishes = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            publishes.add(() -> http().post("/v1/websites", ALICE, Bundles.site(null, "Race",
                    Bundles.file("index.html", "x"),
                    Map.of("path", "logo.webp", "uploadKey", slot.get("uploadKey").asString()))));
        }
        List<Integer> statuses = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(racers)) {
            for (Future<Http.Response> response : pool.invokeAll(publishes)) {
                statuses.add(response.get().status());
            }
        }
        assertThat(statuses).as(statuses.toString()).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).as(statuses.toString()).filteredOn(s -> s == 422).hasSize(racers - 1);
    }
}
