package io.sites.query.website;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.Door;
import io.sites.api.query.HistoryView;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.junit.jupiter.api.Test;

/** Each event type of the website has its name, version and details in the history, in one place. */
class HistoryEntriesTest {
    private static final WebsiteId SITE = WebsiteId.generate();
    private static final AccountId OWNER = AccountId.generate();
    private static final AccountId EDITOR = AccountId.generate();
    private static final Actor BY_TOKEN = new Actor(OWNER, Door.TOKEN, "laptop");
    private static final Instant AT = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void everyEventTypeOfTheWebsiteIsNamedOnce() {
        List<Object> events = List.of(
                new WebsiteCreated(SITE, OWNER, "Bakery", "bakery", Category.RESTAURANT, null, BY_TOKEN),
                new VersionPublished(SITE, JobId.generate(), 2, VersionKind.REFINEMENT, "new menu", false, OWNER,
                        List.of(new ManifestEntry("index.html", "text/html", 10, "a".repeat(64)),
                                new ManifestEntry("a.css", "text/css", 5, "b".repeat(64))), List.of(), BY_TOKEN),
                new VersionPromoted(SITE, 2, 1, OWNER, BY_TOKEN),
                new SitePasswordSet(SITE, "{noop}x", OWNER, BY_TOKEN),
                new SitePasswordCleared(SITE, OWNER, BY_TOKEN),
                new CollaboratorAdded(SITE, EDITOR, OWNER, BY_TOKEN),
                new CollaboratorRemoved(SITE, EDITOR, OWNER, BY_TOKEN),
                new WebsiteDeleted(SITE, "bakery", OWNER, BY_TOKEN));
        List<HistoryView.Entry> entries = events.stream().map(event -> HistoryEntries.of(
                new GenericDomainEventMessage<>("Website", SITE.value(), events.indexOf(event), event, Map.of(),
                        "id-" + events.indexOf(event), AT)).orElseThrow()).toList();

        assertThat(entries).extracting(HistoryView.Entry::type).containsExactly("website.created",
                "version.published", "version.promoted", "password.set", "password.cleared", "collaborator.added",
                "collaborator.removed", "website.deleted");
        assertThat(entries).extracting(HistoryView.Entry::seq).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
        assertThat(entries).allSatisfy(entry -> {
            assertThat(entry.actor()).isEqualTo(BY_TOKEN);
            assertThat(entry.at()).isEqualTo(AT);
        });
        assertThat(entries).extracting(HistoryView.Entry::version).containsExactly(null, 2, 2, null, null, null,
                null, null);
        assertThat(entries.get(0).details()).isEqualTo(Map.of("name", "Bakery", "slug", "bakery",
                "category", "restaurant"));
        assertThat(entries.get(1).details()).containsEntry("kind", "refinement").containsEntry("message", "new menu")
                .containsEntry("files", 2).containsEntry("bytes", 15L).containsEntry("promote", false);
        assertThat(entries.get(2).details()).isEqualTo(Map.of("previousVersion", 1));
        assertThat(entries.get(5).subject()).isEqualTo(EDITOR);
        assertThat(entries.get(6).subject()).isEqualTo(EDITOR);
        assertThat(entries.get(7).details()).isEqualTo(Map.of("slug", "bakery"));
        assertThat(HistoryEntries.of(new GenericDomainEventMessage<>("Website", SITE.value(), 8, "not ours")))
                .as("an event the history does not know is left out").isEmpty();
    }

    /** The vocabulary webhooks validate against names every type an entry is given, once, and nothing else. */
    @Test
    void theTypesListIsEveryTypeTheEntriesAreGiven() throws java.io.IOException {
        java.nio.file.Path sources = java.nio.file.Path.of("src/main/java/io/sites/query/website");
        String code = java.nio.file.Files.readString(sources.resolve("HistoryEntries.java"))
                + java.nio.file.Files.readString(sources.resolve("DomainHistory.java"));
        List<String> given = java.util.regex.Pattern.compile("Entry\\(\"([a-z_.]+)\"").matcher(code).results()
                .map(match -> match.group(1)).toList();
        assertThat(HistoryEntries.TYPES).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(given);
    }
}
