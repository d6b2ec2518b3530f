package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import io.sites.app.MovableClock;
import io.sites.app.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

/**
 * Signing keys on PostgreSQL: replicas racing at an empty database share one key; keys rotate, and a token signed
 * before a rotation is accepted until its key is retired.
 */
class SigningKeysTest {

    @Test
    void replicasRacingToCreateTheKeyAllUseTheOneThatWasStored() throws Exception {
        JdbcTemplate jdbc = database();
        int replicas = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(replicas);
        try {
            List<Future<SigningKeys>> started = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                started.add(pool.submit(() -> {
                    start.await();
                    return new SigningKeys(jdbc, Clock.systemUTC(), Duration.ofDays(30));
                }));
            }
            start.countDown();
            List<java.security.interfaces.RSAPublicKey> keys = new ArrayList<>();
            for (Future<SigningKeys> replica : started) {
                keys.add(replica.get().signingPublicKey());
            }
            assertThat(keys).allSatisfy(key -> assertThat(key).isEqualTo(keys.getFirst()));
            assertThat(jdbc.queryForObject("select count(*) from oauth_signing_key", Integer.class)).isEqualTo(1);
            // and a later start loads it
            assertThat(new SigningKeys(jdbc, Clock.systemUTC(), Duration.ofDays(30)).signingPublicKey()).isEqualTo(keys.getFirst());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aKeyRotatesAndItsTokensStayValidUntilItIsRetired() throws Exception {
        JdbcTemplate jdbc = database();
        MovableClock clock = new MovableClock(Instant.parse("2026-11-21T12:00:00Z"));
        Duration rotation = Duration.ofDays(30);
        SigningKeys first = new SigningKeys(jdbc, clock, rotation);
        SigningKeys other = new SigningKeys(jdbc, clock, rotation);
        String oldKey = first.signingKeyId();
        assertThat(other.signingKeyId()).isEqualTo(oldKey);
        String oldToken = token(first);
        assertThat(subject(first, oldToken)).isEqualTo("acc_test");

        clock.advance(rotation.plusMinutes(1));
        String newKey = first.signingKeyId();
        assertThat(newKey).isNotEqualTo(oldKey);
        assertThat(other.signingKeyId()).as("the other replica signs with the same new key").isEqualTo(newKey);
        assertThat(jdbc.queryForObject("select count(*) from oauth_signing_key", Integer.class)).isEqualTo(2);
        assertThat(published(first)).containsExactlyInAnyOrder(oldKey, newKey);
        assertThat(subject(other, oldToken)).as("signed before the rotation, still valid").isEqualTo("acc_test");
        assertThat(subject(other, token(first))).isEqualTo("acc_test");

        clock.advance(SigningKeys.RETIRED_KEPT.plusMinutes(2));
        assertThat(published(first)).containsExactly(newKey);
        assertThatThrownBy(() -> subject(first, oldToken)).isInstanceOf(JwtException.class);
        assertThat(jdbc.queryForList("select id from oauth_signing_key", String.class)).as("the retired private key "
                + "is deleted").containsExactly(newKey);
    }

    @Test
    void aRotationShorterThanATokensLifeIsRefused() {
        assertThatThrownBy(() -> new SigningKeys(database(), Clock.systemUTC(), Duration.ofMinutes(30)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("signing-key-rotation");
    }

    private static JdbcTemplate database() {
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(PostgresTestDatabase.create(),
                PostgresTestDatabase.user(), ""));
        jdbc.execute("""
                create table oauth_signing_key (id varchar(64) primary key, private_key varchar not null,
                    public_key varchar not null, created_at timestamp not null)""");
        return jdbc;
    }

    /** A token as the authorization server signs one: the header names the signing key. */
    private static String token(SigningKeys keys) {
        JwsHeader header = JwsHeader.with(SignatureAlgorithm.RS256).keyId(keys.signingKeyId()).build();
        JwtClaimsSet claims = JwtClaimsSet.builder().subject("acc_test").expiresAt(Instant.now().plusSeconds(3600))
                .build();
        return new NimbusJwtEncoder(keys).encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
    }

    private static String subject(SigningKeys keys, String token) {
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSource(keys).build();
        return decoder.decode(token).getSubject();
    }

    private static List<String> published(SigningKeys keys) {
        return keys.get(new JWKSelector(new JWKMatcher.Builder().build()), null).stream().map(JWK::getKeyID)
                .toList();
    }
}
