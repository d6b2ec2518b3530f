package io.sites.command.website;

import io.sites.api.Category;
import io.sites.api.Door;
import io.sites.api.command.WarnExpiryCommand;
import io.sites.api.event.DraftCreated;
import io.sites.api.event.ExpiryWarned;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.event.WebsiteSettingsChanged;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The expiry warning's rule in the aggregate: within 24 hours, once per expiresAt, never for a draft or a deleted one. */
class WebsiteExpiryWarningTest {
    private static final WebsiteId WEBSITE = new WebsiteId("web_warned");
    private static final AccountId OWNER = new AccountId("acc_owner");
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private static final WarnExpiryCommand WARN = new WarnExpiryCommand(WEBSITE);

    private FixtureConfiguration<Website> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Website.class);
        fixture.registerInjectableResource(new Lifetimes(Clock.fixed(NOW, ZoneOffset.UTC), null));
    }

    private static WebsiteCreated created() {
        return new WebsiteCreated(WEBSITE, OWNER, "Shop", "shop", Category.RESTAURANT, null);
    }

    private static WebsiteSettingsChanged expires(Instant at) {
        return new WebsiteSettingsChanged(WEBSITE, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null, null, null,
                at, OWNER, Actor.unrecorded(OWNER));
    }

    private static ExpiryWarned warned(Instant at) {
        return new ExpiryWarned(WEBSITE, at, OWNER, new Actor(OWNER, Door.EXPIRY, null));
    }

    @Test
    void anExpiryWithinADayIsWarnedOfOnceAndANewTimeAgain() {
        Instant soon = NOW.plus(Duration.ofHours(20));
        fixture.given(created(), expires(soon)).when(WARN).expectEvents(warned(soon)).expectResultMessagePayload(true);
        fixture.given(created(), expires(soon), warned(soon)).when(WARN).expectNoEvents()
                .expectResultMessagePayload(false);
        Instant moved = NOW.plus(Duration.ofHours(10));
        fixture.given(created(), expires(soon), warned(soon), expires(moved)).when(WARN)
                .expectEvents(warned(moved));
    }

    @Test
    void nothingIsWarnedOfBeyondADayPastItsTimeForADraftOrADeletedWebsite() {
        fixture.given(created(), expires(NOW.plus(Duration.ofHours(25)))).when(WARN).expectNoEvents();
        fixture.given(created(), expires(NOW.minusSeconds(1))).when(WARN).expectNoEvents();
        fixture.given(created()).when(WARN).expectNoEvents();
        Instant soon = NOW.plus(Duration.ofHours(2));
        fixture.given(created(), new DraftCreated(WEBSITE, OWNER, soon, Actor.unrecorded(OWNER)), expires(soon))
                .when(WARN).expectNoEvents();
        fixture.given(created(), expires(soon), new WebsiteDeleted(WEBSITE, "shop", OWNER)).when(WARN)
                .expectNoEvents();
    }
}
