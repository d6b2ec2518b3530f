package io.sites.command.website;

import io.sites.api.Category;
import io.sites.api.Door;
import io.sites.api.VersionKind;
import io.sites.api.command.ChangeWebsiteSettingsCommand;
import io.sites.api.command.ExpireWebsiteCommand;
import io.sites.api.command.PromoteVersionCommand;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.event.WebsiteSettingsChanged;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * retainVersions and expiresAt as the aggregate decides them: which versions a publish or a lowered setting prunes
 * (never the live one, nor one live in the last 7 days), who is named, and expiry checked against the website's own
 * expiresAt. Events are given at chosen times; the aggregate's clock is fixed.
 */
class WebsiteRetentionTest {
    private static final WebsiteId WEBSITE = new WebsiteId("web_retain1");
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final AccountId EDITOR = new AccountId("acc_editor");
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private static final List<ManifestEntry> FILES = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 12, "a".repeat(64)));

    private FixtureConfiguration<Website> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Website.class);
        fixture.registerInjectableResource(new Lifetimes(Clock.fixed(NOW, ZoneOffset.UTC), null));
    }

    private static WebsiteCreated created() {
        return new WebsiteCreated(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, null);
    }

    private static VersionPublished published(int version, boolean promote) {
        return new VersionPublished(WEBSITE, new JobId("job_" + version), version,
                version == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, null, promote, OWNER, FILES);
    }

    private static WebsiteSettingsChanged retain(Integer versions) {
        return new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.RETAIN_VERSIONS), null, null, null,
                versions, null, OWNER, Actor.unrecorded(OWNER));
    }

    private static ChangeWebsiteSettingsCommand setRetain(AccountId by, Integer versions) {
        return new ChangeWebsiteSettingsCommand(WEBSITE, List.of(WebsiteSettingsChanged.RETAIN_VERSIONS), null, null,
                null, versions, null, by, Actor.unrecorded(by));
    }

    private static PublishVersionCommand publish(AccountId by) {
        return new PublishVersionCommand(WEBSITE, by, new JobId("job_new"), null, true, FILES);
    }

    private static VersionPublished publishedBy(AccountId by, int version) {
        return new VersionPublished(WEBSITE, new JobId("job_new"), version, VersionKind.REFINEMENT, null, true, by,
                FILES);
    }

    @Test
    void aPublishPrunesWhatTheNewestNNoLongerKeepInThePublishersName() {
        fixture.givenCurrentTime(NOW.minus(Duration.ofDays(30)))
                .andGiven(created(), published(1, true), published(2, true), published(3, true), retain(2),
                        new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .andGivenCurrentTime(NOW)
                .when(publish(EDITOR))
                // 3 and 4 are the newest two; 1 and 2 were live more than 7 days ago.
                .expectEvents(publishedBy(EDITOR, 4), new VersionsPruned(WEBSITE, List.of(1, 2), EDITOR,
                        Actor.unrecorded(EDITOR)));
    }

    @Test
    void theLiveVersionIsNeverPrunedWhateverItsAge() {
        fixture.givenCurrentTime(NOW.minus(Duration.ofDays(30)))
                .andGiven(created(), published(1, true), published(2, false), published(3, false))
                .when(setRetain(OWNER, 1))
                .expectEvents(retain(1), new VersionsPruned(WEBSITE, List.of(2), OWNER, Actor.unrecorded(OWNER)));
    }

    @Test
    void aVersionLiveInTheLastSevenDaysIsKeptAndOneLiveEightDaysAgoIsNot() {
        fixture.givenCurrentTime(NOW.minus(Duration.ofDays(20)))
                .andGiven(created(), published(1, true), published(2, true))
                .andGivenCurrentTime(NOW.minus(Duration.ofDays(8)))
                .andGiven(published(3, true)) // version 2 stopped being live 8 days ago
                .andGivenCurrentTime(NOW.minus(Duration.ofDays(6)))
                .andGiven(published(4, true)) // version 3 stopped being live 6 days ago
                .andGivenCurrentTime(NOW)
                .andGiven(published(5, true))
                .when(setRetain(OWNER, 1))
                // 4 was live until just now and 3 six days ago: both rollback targets; 1 and 2 go.
                .expectEvents(retain(1), new VersionsPruned(WEBSITE, List.of(1, 2), OWNER, Actor.unrecorded(OWNER)));
    }

    @Test
    void withoutASettingNothingIsPrunedAndAnUnchangedSettingRecordsNothing() {
        fixture.given(created(), published(1, true), published(2, true), published(3, true))
                .when(publish(OWNER))
                .expectEvents(publishedBy(OWNER, 4));
        fixture.given(created(), published(1, true), retain(3))
                .when(setRetain(OWNER, 3))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void theOperatorsDefaultAppliesToAWebsiteWithoutItsOwnSetting() {
        FixtureConfiguration<Website> withDefault = new AggregateTestFixture<>(Website.class);
        withDefault.registerInjectableResource(new Lifetimes(Clock.fixed(NOW, ZoneOffset.UTC), 2));
        withDefault.givenCurrentTime(NOW.minus(Duration.ofDays(30)))
                .andGiven(created(), published(1, true), published(2, false), published(3, false))
                .andGivenCurrentTime(NOW)
                .when(publish(OWNER))
                // 1 was live until this very publish: a rollback target, kept; 2 was never live.
                .expectEvents(publishedBy(OWNER, 4), new VersionsPruned(WEBSITE, List.of(2), OWNER,
                        Actor.unrecorded(OWNER)));
    }

    @Test
    void aPrunedVersionCannotBePromoted() {
        fixture.given(created(), published(1, true), published(2, true),
                        new VersionsPruned(WEBSITE, List.of(1), OWNER, Actor.unrecorded(OWNER)))
                .when(new PromoteVersionCommand(WEBSITE, 1, OWNER))
                .expectException(VersionPrunedException.class)
                .expectNoEvents();
    }

    @Test
    void anEditorMayNotChangeSettings() {
        fixture.given(created(), published(1, true), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(setRetain(EDITOR, 1))
                .expectException(NotOwnerException.class);
    }

    @Test
    void expiryDeletesOnlyWhenTheWebsitesOwnExpiresAtHasCome() {
        WebsiteSettingsChanged due = expires(NOW.minusSeconds(1));
        fixture.given(created(), published(1, true), due)
                .when(new ExpireWebsiteCommand(WEBSITE))
                .expectResultMessagePayload(true)
                .expectEvents(new WebsiteDeleted(WEBSITE, "shop", OWNER, new Actor(OWNER, Door.EXPIRY, null)));
        // Moved later meanwhile (the sweep read an older read model): the setting wins.
        fixture.given(created(), published(1, true), due, expires(NOW.plusSeconds(60)))
                .when(new ExpireWebsiteCommand(WEBSITE))
                .expectResultMessagePayload(false)
                .expectNoEvents();
        // Cleared, or already deleted: nothing.
        fixture.given(created(), published(1, true), due, expires(null))
                .when(new ExpireWebsiteCommand(WEBSITE))
                .expectNoEvents();
        fixture.given(created(), published(1, true), due, new WebsiteDeleted(WEBSITE, "shop", OWNER))
                .when(new ExpireWebsiteCommand(WEBSITE))
                .expectNoEvents();
    }

    private static WebsiteSettingsChanged expires(Instant at) {
        return new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null, null,
                null, at, OWNER, Actor.unrecorded(OWNER));
    }
}
