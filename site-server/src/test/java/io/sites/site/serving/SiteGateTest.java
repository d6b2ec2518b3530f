package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import io.sites.limits.MovingClock;
import io.sites.limits.TestDatabase;
import io.sites.site.directory.SiteDirectory.Site;
import io.sites.site.serving.SiteGate.Outcome;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

class SiteGateTest {
    private static final String HASH = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("secret");
    private static final Site SHOP = new Site(new WebsiteId("web_shop"), "shop", false, HASH);

    private static String basic(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("any:" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void publicSitesAreOpenProtectedOnesWantTheirPassword() {
        SiteGate gate = new SiteGate(TestDatabase.h2().windows(Clock.systemUTC()));
        Site open = new Site(SHOP.websiteId(), "shop", false, null);
        assertThat(gate.check(open, null, "1.2.3.4")).isEqualTo(Outcome.OPEN);
        assertThat(gate.check(SHOP, null, "1.2.3.4")).isEqualTo(Outcome.ASK);
        assertThat(gate.check(SHOP, "Bearer x", "1.2.3.4")).isEqualTo(Outcome.ASK);
        assertThat(gate.check(SHOP, "Basic !!!", "1.2.3.4")).isEqualTo(Outcome.ASK);
        assertThat(gate.check(SHOP, basic("secret"), "1.2.3.4")).isEqualTo(Outcome.OPEN);
        for (int i = 0; i < SiteGate.FAILURES_PER_MINUTE; i++) {
            gate.check(SHOP, basic("wrong" + i), "1.2.3.4");
        }
        assertThat(gate.check(SHOP, basic("secret"), "1.2.3.4"))
                .as("remembered, so not hashed again (and not throttled)").isEqualTo(Outcome.OPEN);
        Site changed = new Site(SHOP.websiteId(), "shop", false,
                PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("other"));
        assertThat(gate.check(changed, basic("secret"), "9.9.9.9")).as("a new password forgets").isEqualTo(Outcome.ASK);
    }

    @Test
    void tenFailuresAMinuteFromOneAddressAreThrottledUntilTheMinuteIsOver() {
        MovingClock now = new MovingClock(Instant.parse("2026-11-23T12:00:00Z"));
        SiteGate gate = new SiteGate(TestDatabase.h2().windows(now));
        for (int i = 0; i < SiteGate.FAILURES_PER_MINUTE; i++) {
            assertThat(gate.check(SHOP, basic("wrong" + i), "1.2.3.4")).isEqualTo(Outcome.ASK);
        }
        assertThat(gate.check(SHOP, basic("secret"), "1.2.3.4")).isEqualTo(Outcome.THROTTLED);
        assertThat(gate.check(SHOP, basic("secret"), "5.6.7.8")).as("other addresses").isEqualTo(Outcome.OPEN);
        now.advance(Duration.ofSeconds(61));
        assertThat(gate.check(SHOP, basic("secret"), "1.2.3.4")).isEqualTo(Outcome.OPEN);
    }

    /** Two replicas (two gates on one database): a guesser spread over both is refused by both. */
    @Test
    void failuresCountedByOneReplicaThrottleTheOtherToo() {
        TestDatabase database = TestDatabase.h2();
        MovingClock now = new MovingClock(Instant.parse("2026-11-23T12:00:00Z"));
        SiteGate first = new SiteGate(database.windows(now));
        SiteGate second = new SiteGate(database.windows(now));
        for (int i = 0; i < SiteGate.FAILURES_PER_MINUTE; i++) {
            assertThat((i % 2 == 0 ? first : second).check(SHOP, basic("wrong" + i), "1.2.3.4")).isEqualTo(Outcome.ASK);
        }
        assertThat(first.check(SHOP, basic("secret"), "1.2.3.4")).isEqualTo(Outcome.THROTTLED);
        assertThat(second.check(SHOP, basic("secret"), "1.2.3.4")).isEqualTo(Outcome.THROTTLED);
        assertThat(second.check(SHOP, basic("secret"), "5.6.7.8")).as("other addresses").isEqualTo(Outcome.OPEN);
        now.advance(Duration.ofSeconds(60));
        assertThat(second.check(SHOP, basic("secret"), "1.2.3.4")).as("the next minute").isEqualTo(Outcome.OPEN);
    }
}
