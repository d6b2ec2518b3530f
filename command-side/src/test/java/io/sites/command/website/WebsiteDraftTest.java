package io.sites.command.website;

import io.sites.api.Category;
import io.sites.api.VersionKind;
import io.sites.api.command.ClaimDraftCommand;
import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.command.SetSitePasswordCommand;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.DraftCreated;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteSettingsChanged;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.JobId;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Drafts as the aggregate decides them: created with its expiry, claimed once (ownership moves, the expiry is
 * cleared, the notice-free version goes live), a second claim refused, and nothing an owner does possible for the
 * claimer before the claim.
 */
class WebsiteDraftTest {
    private static final WebsiteId WEBSITE = new WebsiteId("web_draft1");
    private static final AccountId PLACEHOLDER = new AccountId("acc_placeholder");
    private static final AccountId CLAIMER = new AccountId("acc_claimer");
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private static final Instant EXPIRES = NOW.plusSeconds(86_400);
    private static final List<ManifestEntry> FILES = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 12, "a".repeat(64)));

    private FixtureConfiguration<Website> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Website.class);
        fixture.registerInjectableResource(new Lifetimes(Clock.fixed(NOW, ZoneOffset.UTC), null));
        fixture.registerAnnotatedCommandHandler(new WebsiteCommandHandler(fixture.getRepository(),
                org.mockito.Mockito.mock(SlugClaims.class)));
    }

    private static Actor placeholder() {
        return Actor.unrecorded(PLACEHOLDER);
    }

    private static Object[] draft() {
        return new Object[] {new WebsiteCreated(WEBSITE, PLACEHOLDER, "Draft", "draft-abc", Category.OTHER, null),
                new VersionPublished(WEBSITE, new JobId("job_1"), 1, VersionKind.INITIAL, null, true, PLACEHOLDER,
                        FILES),
                new DraftCreated(WEBSITE, PLACEHOLDER, EXPIRES, placeholder()),
                new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null, null,
                        null, EXPIRES, PLACEHOLDER, placeholder()),
                new VersionPublished(WEBSITE, new JobId("job_2"), 2, VersionKind.REFINEMENT, null, false, PLACEHOLDER,
                        FILES)};
    }

    @Test
    void aDraftIsCreatedWithItsExpiry() {
        fixture.givenNoPriorActivity()
                .when(new CreateWebsiteCommand(WEBSITE, PLACEHOLDER, "Draft", "draft-abc", Category.OTHER, null,
                        new JobId("job_1"), FILES, List.of(), placeholder(), null, null, EXPIRES))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new WebsiteCreated(WEBSITE, PLACEHOLDER, "Draft", "draft-abc", Category.OTHER, null,
                                placeholder()),
                        new VersionPublished(WEBSITE, new JobId("job_1"), 1, VersionKind.INITIAL, null, true,
                                PLACEHOLDER, FILES, List.of(), placeholder()),
                        new DraftCreated(WEBSITE, PLACEHOLDER, EXPIRES, placeholder()),
                        new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null,
                                null, null, EXPIRES, PLACEHOLDER, placeholder()));
    }

    @Test
    void aClaimMovesOwnershipClearsTheExpiryAndMakesTheCleanVersionLive() {
        Actor claimer = Actor.unrecorded(CLAIMER);
        fixture.given(draft())
                .when(new ClaimDraftCommand(WEBSITE, CLAIMER, claimer))
                .expectEvents(new DraftClaimed(WEBSITE, PLACEHOLDER, CLAIMER, claimer),
                        new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null,
                                null, null, null, CLAIMER, claimer),
                        new VersionPromoted(WEBSITE, 2, 1, CLAIMER, claimer));
    }

    @Test
    void aDraftIsClaimedOnceAndAWebsiteThatWasNeverADraftNever() {
        Actor claimer = Actor.unrecorded(CLAIMER);
        Object[] given = draft();
        Object[] claimed = java.util.Arrays.copyOf(given, given.length + 1);
        claimed[given.length] = new DraftClaimed(WEBSITE, PLACEHOLDER, CLAIMER, claimer);
        fixture.given(claimed)
                .when(new ClaimDraftCommand(WEBSITE, new AccountId("acc_other"), Actor.unrecorded(
                        new AccountId("acc_other"))))
                .expectException(DraftNotClaimableException.class);
        fixture.given(new WebsiteCreated(WEBSITE, CLAIMER, "Shop", "shop", Category.OTHER, null))
                .when(new ClaimDraftCommand(WEBSITE, new AccountId("acc_other"), Actor.unrecorded(
                        new AccountId("acc_other"))))
                .expectException(DraftNotClaimableException.class);
    }

    @Test
    void beforeTheClaimTheClaimerIsAStrangerAndAfterItTheOwner() {
        fixture.given(draft())
                .when(new SetSitePasswordCommand(WEBSITE, CLAIMER, "hash"))
                .expectException(WebsiteNotFoundException.class);
        Object[] given = draft();
        Object[] claimed = java.util.Arrays.copyOf(given, given.length + 1);
        claimed[given.length] = new DraftClaimed(WEBSITE, PLACEHOLDER, CLAIMER, Actor.unrecorded(CLAIMER));
        fixture.given(claimed)
                .when(new SetSitePasswordCommand(WEBSITE, CLAIMER, "hash"))
                .expectSuccessfulHandlerExecution();
    }
}
