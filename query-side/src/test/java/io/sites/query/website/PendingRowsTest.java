package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.code.Warning;
import io.sites.api.code.WarningCode;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.GenericTrackedDomainEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A batch's websites and versions are written together at its end (PendingRows); the model must be the one that
 * one event at a time writes, whatever the batches' sizes, also when a batch is delivered again, and an event that
 * reads the model (a promotion of a version published in the same batch) must see the rows before it.
 */
class PendingRowsTest {
    private static final Instant T0 = Instant.parse("2026-11-24T08:00:00Z");
    private final AccountId owner = AccountId.generate();
    private final AccountId editor = AccountId.generate();

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void batchesOfAnySizeWriteWhatOneEventAtATimeWrites(String database) {
        List<TrackedEventMessage<?>> history = history();
        JdbcTemplate single = ReadModelDatabases.fresh(database);
        WebsiteProjection one = new WebsiteProjection(single);
        history.forEach(one::apply);
        Map<String, List<Map<String, Object>>> expected = model(single);
        assertThat(expected.get("qs_version")).hasSize(15);
        assertThat(expected.get("qs_version_warning")).hasSize(3);

        for (int size : new int[] {2, 3, 7, history.size()}) {
            JdbcTemplate jdbc = ReadModelDatabases.fresh(database);
            WebsiteProjection batched = new WebsiteProjection(jdbc);
            inBatches(batched, history, size);
            assertThat(model(jdbc)).as("batches of " + size).isEqualTo(expected);
            // A batch delivered again (its transaction's commit was not known to have happened) changes nothing.
            inBatches(batched, history.subList(0, history.size() / 2), size);
            inBatches(batched, history.subList(history.size() / 2, history.size()), size);
            assertThat(model(jdbc)).as("batches of " + size + " delivered again").isEqualTo(expected);
        }

        // A replay's reset empties every table (truncated on PostgreSQL), and the history then rebuilds it all.
        one.reset();
        assertThat(model(single).values()).allSatisfy(rows -> assertThat(rows).isEmpty());
        inBatches(one, history, 5);
        assertThat(model(single)).isEqualTo(expected);
    }

    @Test
    void everyEventTypeWithAHandlerIsAppliedByTheRebuild() {
        var handled = Arrays.stream(WebsiteProjection.class.getDeclaredMethods())
                .filter(method -> method.isAnnotationPresent(EventHandler.class))
                .map(Method::getParameterTypes).map(types -> types[0]).collect(Collectors.toSet());
        assertThat(handled).isEqualTo(WebsiteProjection.EVENTS);
    }

    private static void inBatches(WebsiteProjection projection, List<TrackedEventMessage<?>> events, int size) {
        for (int from = 0; from < events.size(); from += size) {
            List<TrackedEventMessage<?>> batch = events.subList(from, Math.min(events.size(), from + size));
            DefaultUnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(batch.getFirst());
            unit.execute(() -> batch.forEach(projection::apply));
        }
    }

    /** Three websites whose events interleave, as in a store that grew over time. */
    private List<TrackedEventMessage<?>> history() {
        Map<WebsiteId, List<Object>> sites = new LinkedHashMap<>();
        for (int s = 0; s < 3; s++) {
            WebsiteId site = WebsiteId.generate();
            List<Object> events = new ArrayList<>();
            events.add(new WebsiteCreated(site, owner, "Site " + s, "site-" + s + "-" + site.value().substring(4, 12),
                    Category.OTHER, null));
            events.add(published(site, 1, true, List.of()));
            events.add(published(site, 2, false, List.of(Warning.of(WarningCode.BROKEN_LINK, "index.html",
                    "A link to a missing page", "/gone.html"))));
            events.add(new VersionPromoted(site, 2, 1, owner, Actor.unrecorded(owner)));
            events.add(published(site, 3, s != 1, List.of()));
            events.add(new CollaboratorAdded(site, editor, owner));
            events.add(published(site, 4, false, List.of()));
            events.add(new VersionPromoted(site, 1, s == 1 ? 2 : 3, owner, Actor.unrecorded(owner)));
            events.add(published(site, 5, s == 0, List.of()));
            if (s == 2) {
                events.add(new SitePasswordSet(site, "$argon2id$hash", owner));
                events.add(new CollaboratorRemoved(site, editor, owner));
                events.add(new WebsiteDeleted(site, "gone", owner));
            }
            sites.put(site, events);
        }
        List<TrackedEventMessage<?>> history = new ArrayList<>();
        for (int i = 0, index = 0; i < 12; i++) {
            for (var site : sites.entrySet()) {
                if (i < site.getValue().size()) {
                    history.add(message(site.getKey(), i, site.getValue().get(i), index++));
                }
            }
        }
        return history;
    }

    private VersionPublished published(WebsiteId site, int version, boolean promote, List<Warning> warnings) {
        return new VersionPublished(site, JobId.generate(), version,
                version == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, "v" + version, promote, owner,
                // Content-addressed as the service's are: a digest always has the same size.
                List.of(new ManifestEntry("index.html", "text/html", 10 + version, "%064x".formatted(10 + version)),
                        new ManifestEntry("v" + version + ".css", "text/css", 7, "%064x".formatted(1000))),
                warnings, Actor.unrecorded(owner));
    }

    private static TrackedEventMessage<?> message(WebsiteId site, long sequence, Object payload, long index) {
        return new GenericTrackedDomainEventMessage<>(new GlobalSequenceTrackingToken(index),
                new GenericDomainEventMessage<>("Website", site.value(), sequence, payload, MetaData.emptyInstance(),
                        java.util.UUID.randomUUID().toString(), T0.plusSeconds(index)));
    }

    private static Map<String, List<Map<String, Object>>> model(JdbcTemplate jdbc) {
        Map<String, List<Map<String, Object>>> model = new LinkedHashMap<>();
        model.put("qs_website", jdbc.queryForList("select * from qs_website order by id"));
        model.put("qs_version", jdbc.queryForList("select * from qs_version order by job_id"));
        model.put("qs_version_file", jdbc.queryForList("select * from qs_version_file order by job_id, path"));
        model.put("qs_version_warning",
                jdbc.queryForList("select * from qs_version_warning order by job_id, position"));
        model.put("qs_collaborator",
                jdbc.queryForList("select * from qs_collaborator order by website_id, account_id"));
        model.put("qs_owner_count", jdbc.queryForList("select * from qs_owner_count order by owner_id"));
        return model;
    }
}
