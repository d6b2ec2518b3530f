package io.sites.command.website;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import io.sites.api.id.AccountId;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.command.RemoveCollaboratorCommand;
import io.sites.api.command.SetSitePasswordCommand;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.Category;
import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.WebsiteId;
import java.util.List;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebsiteTest {
    private static final WebsiteId WEBSITE = new WebsiteId("web_test1");
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final AccountId STRANGER = new AccountId("acc_stranger");
    private static final List<ManifestEntry> V1 = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 12, "a".repeat(64)));
    private static final List<ManifestEntry> V2 = List.of(
            new ManifestEntry("index.html", "text/html; charset=utf-8", 20, "b".repeat(64)),
            new ManifestEntry("app.js", "text/javascript; charset=utf-8", 5, "c".repeat(64)));

    private FixtureConfiguration<Website> fixture;
    private SlugClaims slugClaims;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Website.class);
        fixture.registerInjectableResource(new Lifetimes(java.time.Clock.systemUTC(), null));
        slugClaims = mock(SlugClaims.class);
        fixture.registerAnnotatedCommandHandler(new WebsiteCommandHandler(fixture.getRepository(), slugClaims));
    }

    private static WebsiteCreated created() {
        return new WebsiteCreated(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, "A shop");
    }

    private static VersionPublished published(int version, String job, boolean promote) {
        return new VersionPublished(WEBSITE, new JobId(job), version,
                version == 1 ? VersionKind.INITIAL : VersionKind.REFINEMENT, version == 1 ? null : "v" + version,
                promote, OWNER, version == 1 ? V1 : V2);
    }

    @Test
    void createClaimsTheSlugAndPublishesVersionOneAsInitial() {
        fixture.givenNoPriorActivity()
                .when(new CreateWebsiteCommand(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, "A shop",
                        new JobId("job_1"), V1))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(WEBSITE)
                .expectEvents(created(), new VersionPublished(WEBSITE, new JobId("job_1"), 1, VersionKind.INITIAL,
                        null, true, OWNER, V1));
        verify(slugClaims).claim("shop", WEBSITE);
    }

    @Test
    void createWithATakenSlugFailsWithoutEvents() {
        doThrow(new SlugTakenException("shop")).when(slugClaims).claim(eq("shop"), any());
        fixture.givenNoPriorActivity()
                .when(new CreateWebsiteCommand(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, null,
                        new JobId("job_1"), V1))
                .expectException(SlugTakenException.class)
                .expectNoEvents();
    }

    @Test
    void publishWithPromoteAddsTheNextRefinement() {
        fixture.given(created(), published(1, "job_1", true))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_2"), "v2", true, V2))
                .expectResultMessagePayload(new PublishVersionCommand.Outcome(2, "shop"))
                .expectEvents(published(2, "job_2", true));
    }

    @Test
    void publishWithoutPromoteIsStoredButNotPromoted() {
        fixture.given(created(), published(1, "job_1", true))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_2"), "v2", false, V2))
                .expectResultMessagePayload(new PublishVersionCommand.Outcome(2, "shop"))
                .expectEvents(published(2, "job_2", false));
    }

    @Test
    void versionNumbersFollowTheHistoryWithoutGaps() {
        fixture.given(created(), published(1, "job_1", true), published(2, "job_2", false),
                        published(3, "job_3", true))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_4"), "v4", true, V2))
                .expectResultMessagePayload(new PublishVersionCommand.Outcome(4, "shop"))
                .expectEvents(published(4, "job_4", true));
    }

    @Test
    void ifCurrentVersionPublishesOnlyWhileThatVersionIsLive() {
        fixture.given(created(), published(1, "job_1", true), published(2, "job_2", true))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_3"), null, true, V2, List.of(),
                        io.sites.api.id.Actor.unrecorded(OWNER), 2))
                .expectResultMessagePayload(new PublishVersionCommand.Outcome(3, "shop"));
        fixture.given(created(), published(1, "job_1", true), published(2, "job_2", true))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_3"), null, true, V2, List.of(),
                        io.sites.api.id.Actor.unrecorded(OWNER), 1))
                .expectException(VersionConflictException.class)
                .expectExceptionMessage(org.hamcrest.Matchers.containsString("version 2 live, not version 1"))
                .expectNoEvents();
    }

    @Test
    void aStrangerCannotPublishAndLearnsNothing() {
        fixture.given(created(), published(1, "job_1", true))
                .when(new PublishVersionCommand(WEBSITE, STRANGER, new JobId("job_2"), null, true, V2))
                .expectException(WebsiteNotFoundException.class)
                .expectNoEvents();
    }

    private static final AccountId EDITOR = new AccountId("acc_editor");

    @Test
    void anEditorMayPublishOnceAddedAndNotAfterRemoval() {
        fixture.given(created(), published(1, "job_1", true))
                .when(new AddCollaboratorCommand(WEBSITE, OWNER, EDITOR))
                .expectEvents(new CollaboratorAdded(WEBSITE, EDITOR, OWNER));
        fixture.given(created(), published(1, "job_1", true), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new PublishVersionCommand(WEBSITE, EDITOR, new JobId("job_2"), null, true, V2))
                .expectResultMessagePayload(new PublishVersionCommand.Outcome(2, "shop"));
        fixture.given(created(), new CollaboratorAdded(WEBSITE, EDITOR, OWNER),
                        new CollaboratorRemoved(WEBSITE, EDITOR, OWNER))
                .when(new PublishVersionCommand(WEBSITE, EDITOR, new JobId("job_2"), null, true, V2))
                .expectException(WebsiteNotFoundException.class);
    }

    @Test
    void addingACollaboratorTwiceOrTheOwnerChangesNothing() {
        fixture.given(created(), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new AddCollaboratorCommand(WEBSITE, OWNER, EDITOR))
                .expectSuccessfulHandlerExecution().expectNoEvents();
        fixture.given(created())
                .when(new AddCollaboratorCommand(WEBSITE, OWNER, OWNER))
                .expectSuccessfulHandlerExecution().expectNoEvents();
    }

    @Test
    void onlyTheOwnerManagesCollaboratorsPasswordAndDeletion() {
        fixture.given(created(), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new AddCollaboratorCommand(WEBSITE, EDITOR, STRANGER))
                .expectException(NotOwnerException.class);
        fixture.given(created(), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new DeleteWebsiteCommand(WEBSITE, EDITOR))
                .expectException(NotOwnerException.class);
        fixture.given(created())
                .when(new SetSitePasswordCommand(WEBSITE, STRANGER, "hash"))
                .expectException(WebsiteNotFoundException.class);
        fixture.given(created(), new CollaboratorAdded(WEBSITE, EDITOR, OWNER))
                .when(new RemoveCollaboratorCommand(WEBSITE, OWNER, EDITOR))
                .expectEvents(new CollaboratorRemoved(WEBSITE, EDITOR, OWNER));
    }

    @Test
    void aDeletedWebsiteAcceptsNothingMore() {
        fixture.given(created(), published(1, "job_1", true))
                .when(new DeleteWebsiteCommand(WEBSITE, OWNER))
                .expectEvents(new WebsiteDeleted(WEBSITE, "shop", OWNER));
        fixture.given(created(), published(1, "job_1", true), new WebsiteDeleted(WEBSITE, "shop", OWNER))
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_2"), null, true, V2))
                .expectException(WebsiteNotFoundException.class);
        fixture.given(created(), new WebsiteDeleted(WEBSITE, "shop", OWNER))
                .when(new DeleteWebsiteCommand(WEBSITE, OWNER))
                .expectException(WebsiteNotFoundException.class);
    }

    @Test
    void aPasswordIsSetAndClearedOnlyWhenItChangesProtection() {
        fixture.given(created())
                .when(new SetSitePasswordCommand(WEBSITE, OWNER, "$argon2id$hash"))
                .expectEvents(new SitePasswordSet(WEBSITE, "$argon2id$hash", OWNER));
        fixture.given(created(), new SitePasswordSet(WEBSITE, "$argon2id$hash", OWNER))
                .when(new SetSitePasswordCommand(WEBSITE, OWNER, null))
                .expectEvents(new SitePasswordCleared(WEBSITE, OWNER));
        fixture.given(created())
                .when(new SetSitePasswordCommand(WEBSITE, OWNER, null))
                .expectSuccessfulHandlerExecution().expectNoEvents();
    }

    @Test
    void publishingToAWebsiteThatDoesNotExistFails() {
        fixture.givenNoPriorActivity()
                .when(new PublishVersionCommand(WEBSITE, OWNER, new JobId("job_2"), null, true, V2))
                .expectException(AggregateNotFoundException.class);
    }
}
