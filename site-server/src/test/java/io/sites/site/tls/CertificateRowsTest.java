package io.sites.site.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.limits.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The order lease and back-off that keep two replicas from ordering one hostname at once, the challenges every
 * replica answers from memory, and the key sealing.
 */
class CertificateRowsTest {
    private final JdbcTemplate jdbc = TestDatabase.h2().jdbc();
    private final CertificateRows rows = new CertificateRows(jdbc);
    private final Instant now = Instant.parse("2026-11-28T00:00:00Z");

    @Test
    void oneReplicaAtATimeHoldsAnOrderAndAnExpiredLeaseIsTakenOver() {
        assertThat(rows.lease("a.example.test", "one", now, now.plusSeconds(300))).isZero();
        assertThat(rows.lease("a.example.test", "two", now.plusSeconds(10), now.plusSeconds(310))).isEqualTo(-1);
        // The holder died mid-order: once its lease ends, another replica orders.
        assertThat(rows.lease("a.example.test", "two", now.plusSeconds(301), now.plusSeconds(601))).isZero();
        rows.succeeded("a.example.test", "one"); // the dead one's late word changes nothing
        assertThat(rows.lease("a.example.test", "one", now.plusSeconds(302), now.plusSeconds(602))).isEqualTo(-1);
    }

    @Test
    void aFailureBacksOffAndShowsItsReasonUntilASuccess() {
        rows.lease("b.example.test", "one", now, now.plusSeconds(300));
        rows.failed("b.example.test", "one", "The CA could not validate", now.plusSeconds(60));
        assertThat(rows.failure("b.example.test")).contains("The CA could not validate");
        assertThat(rows.lease("b.example.test", "two", now.plusSeconds(30), now.plusSeconds(330))).isEqualTo(-1);
        assertThat(rows.lease("b.example.test", "two", now.plusSeconds(61), now.plusSeconds(361))).isEqualTo(1);
        rows.succeeded("b.example.test", "two");
        assertThat(rows.failure("b.example.test")).isEmpty();
    }

    @Test
    void aHostnameNoLongerServedLosesItsCertificateButNotAnOrderUnderWay() {
        rows.save(new CertificateRows.Stored("c.example.test", "pem", "v1:key", "Test CA", now, now.plusSeconds(90),
                now));
        rows.lease("c.example.test", "one", now, now.plusSeconds(300));
        rows.forget("c.example.test", now.plusSeconds(120), now.plusSeconds(120));
        assertThat(rows.certificate("c.example.test")).isEmpty();
        assertThat(rows.certifiedHostnames()).contains("c.example.test"); // the lease still runs
        rows.forget("c.example.test", now.plusSeconds(400), now.plusSeconds(400));
        assertThat(rows.certifiedHostnames()).doesNotContain("c.example.test");
    }

    @Test
    void aChallengePlacedByOneReplicaIsAnsweredByAnotherFromMemoryOnlyAtItsHostname() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AcmeChallenges ordering = new AcmeChallenges(rows, Duration.ofSeconds(1), new SimpleMeterRegistry());
        AcmeChallenges reached = new AcmeChallenges(new CertificateRows(jdbc), Duration.ofSeconds(1),
                registry);
        ordering.place("tok-en_1", "tok-en_1.thumbprint", "e.example.test", now);
        assertThat(ordering.answer("E.example.test", "tok-en_1")).as("at once where it was placed")
                .contains("tok-en_1.thumbprint");
        reached.refresh(); // what the other replica's reading thread does every challenge-refresh
        assertThat(reached.answer("e.example.test", "tok-en_1")).contains("tok-en_1.thumbprint");
        assertThat(reached.answer("other.example.test", "tok-en_1")).isEmpty();
        // A flood of made-up tokens is answered from memory: no database read per request.
        double reads = registry.counter(AcmeChallenges.READS).count();
        for (int i = 0; i < 10_000; i++) {
            assertThat(reached.answer("e.example.test", "made-up-" + i)).isEmpty();
        }
        assertThat(registry.counter(AcmeChallenges.READS).count()).isEqualTo(reads);
        ordering.withdraw("tok-en_1");
        assertThat(ordering.answer("e.example.test", "tok-en_1")).isEmpty();
        reached.refresh();
        assertThat(reached.answer("e.example.test", "tok-en_1")).isEmpty();
        // Left by a replica that died mid-order: cleared once the CA has long stopped asking.
        ordering.place("tok-en_2", "tok-en_2.thumbprint", "e.example.test", now);
        rows.forgetChallengesBefore(now.plusSeconds(1));
        reached.refresh();
        assertThat(reached.answer("e.example.test", "tok-en_2")).isEmpty();
    }

    @Test
    void renewalIsDueAtTwoThirdsOfTheLifetime() {
        CertificateRows.Stored stored = new CertificateRows.Stored("d.example.test", "pem", "v1:key", "Test CA", now,
                now.plusSeconds(90 * 86400), now);
        assertThat(stored.renewAt()).isEqualTo(now.plusSeconds(60 * 86400));
    }

    @Test
    void sealedKeysOpenOnlyWithTheirKeyAndTheGeneratedKeyIsKept(@TempDir Path data) throws Exception {
        SealedKeys keys = SealedKeys.configured("", data);
        String sealed = keys.seal("secret".getBytes(StandardCharsets.UTF_8));
        assertThat(sealed).doesNotContain(Base64.getEncoder().encodeToString("secret".getBytes()));
        assertThat(new String(SealedKeys.configured(null, data).open(sealed), StandardCharsets.UTF_8))
                .isEqualTo("secret");
        assertThat(Files.readString(data.resolve("tls-key-encryption.key"))).isNotBlank();
        SealedKeys other = SealedKeys.configured(Base64.getEncoder().encodeToString(new byte[32]), data);
        assertThatThrownBy(() -> other.open(sealed)).isInstanceOf(GeneralSecurityException.class);
    }
}
