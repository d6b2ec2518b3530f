package io.sites.command.website;

import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.command.PromoteVersionCommand;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Promotion and rollback as the aggregate decides them, and deletion as it answers owners, editors and strangers. */
class WebsitePromotionTest {
    private static final WebsiteId WEBSITE = new WebsiteId("web_promote1");
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final AccountId EDITOR = new AccountId("acc_editor");
    private static final AccountId STRANGER = new AccountId("acc_stranger");
    private static final List<ManifestEntry> FILES = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 12, "a".repeat(64)));

    private FixtureConfiguration<Website> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Website.class);
    }

    private static WebsiteCreated created() {
        return new WebsiteCreated(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, null);
    }

    private static VersionPublished published(int version, boolean promote) {
        return new VersionPublished(WEBSITE, new JobId("job_" + version), version,
                version == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, null, promote, OWNER, FILES);
    }

    @Test
    void promotingAnOlderVersionIsARollbackThatNamesWhatWasLive() {
        fixture.given(created(), published(1, true), published(2, true), published(3, true))
                .when(new PromoteVersionCommand(WEBSITE, 1, OWNER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new PromoteVersionCommand.Outcome(3, true))
                .expectEvents(new VersionPromoted(WEBSITE, 1, 3, OWNER));
    }

    @Test
    void aStoredVersionCanBePromotedAndTheLivePreviousOneIsNamed() {
        fixture.given(created(), published(1, true), published(2, false), published(3, false))
                .when(new PromoteVersionCommand(WEBSITE, 3, OWNER))
                .expectResultMessagePayload(new PromoteVersionCommand.Outcome(1, true))
                .expectEvents(new VersionPromoted(WEBSITE, 3, 1, OWNER));
    }

    @Test
    void theLastPromotionDecidesWhatIsLive() {
        fixture.given(created(), published(1, true), published(2, true), new VersionPromoted(WEBSITE, 1, 2, OWNER))
                .when(new PromoteVersionCommand(WEBSITE, 1, OWNER))
                .expectResultMessagePayload(new PromoteVersionCommand.Outcome(1, false))
                .expectNoEvents();
    }

    @Test
    void promotingTheLiveVersionRecordsNothing() {
        fixture.given(created(), published(1, true), published(2, true))
                .when(new PromoteVersionCommand(WEBSITE, 2, OWNER))
                .expectResultMessagePayload(new PromoteVersionCommand.Outcome(2, false))
                .expectNoEvents();
    }

    @Test
    void anEditorMayPromote() {
        fixture.given(created(), published(1, true), published(2, true),
                        new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new PromoteVersionCommand(WEBSITE, 1, EDITOR))
                .expectEvents(new VersionPromoted(WEBSITE, 1, 2, EDITOR));
    }

    @Test
    void aStrangerLearnsNothing() {
        fixture.given(created(), published(1, true), published(2, true))
                .when(new PromoteVersionCommand(WEBSITE, 1, STRANGER))
                .expectException(WebsiteNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void anUnknownVersionIsNotFound() {
        fixture.given(created(), published(1, true))
                .when(new PromoteVersionCommand(WEBSITE, 2, OWNER))
                .expectException(VersionNotFoundException.class)
                .expectNoEvents();
        fixture.given(created(), published(1, true))
                .when(new PromoteVersionCommand(WEBSITE, 0, OWNER))
                .expectException(VersionNotFoundException.class);
    }

    @Test
    void aDeletedWebsiteHasNothingToPromote() {
        fixture.given(created(), published(1, true), published(2, true), new WebsiteDeleted(WEBSITE, "shop", OWNER))
                .when(new PromoteVersionCommand(WEBSITE, 1, OWNER))
                .expectException(WebsiteNotFoundException.class);
    }

    @Test
    void onlyTheOwnerDeletes() {
        fixture.given(created(), published(1, true), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new DeleteWebsiteCommand(WEBSITE, EDITOR))
                .expectException(NotOwnerException.class);
        fixture.given(created(), published(1, true))
                .when(new DeleteWebsiteCommand(WEBSITE, STRANGER))
                .expectException(WebsiteNotFoundException.class);
        fixture.given(created(), published(1, true), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new DeleteWebsiteCommand(WEBSITE, OWNER))
                .expectEvents(new WebsiteDeleted(WEBSITE, "shop", OWNER));
    }

    @Test
    void aDeletedWebsiteIsNotFoundForItsOwnerToo() {
        fixture.given(created(), published(1, true), new WebsiteDeleted(WEBSITE, "shop", OWNER))
                .when(new DeleteWebsiteCommand(WEBSITE, OWNER))
                .expectException(WebsiteNotFoundException.class);
    }
}
