package io.sites.app.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.app.PostgresAppTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

class SeedTokensTest extends PostgresAppTest {

    @Autowired
    Accounts accounts;
    @Autowired
    AccessTokens tokens;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void malformedSeedsStopTheStartWithAReasonAndNeverEchoTheToken() {
        assertThatThrownBy(() -> SeedTokens.parse("alice=short")).hasMessageContaining("at least 32 characters")
                .hasMessageNotContaining("short");
        assertThatThrownBy(() -> SeedTokens.parse("alice=" + "x".repeat(31) + "!")).hasMessageContaining("alice");
        assertThatThrownBy(() -> SeedTokens.parse("secret-token-without-user-0123456789"))
                .hasMessageContaining("username=token").hasMessageNotContaining("without-user");
        assertThatThrownBy(() -> SeedTokens.parse("Alice=" + "x".repeat(40))).hasMessageContaining("username");
        assertThat(SeedTokens.parse(" alice = " + "a".repeat(32) + " , bob=sites_pat_" + "b".repeat(40)))
                .containsEntry("a".repeat(32), "alice").containsEntry("sites_pat_" + "b".repeat(40), "bob");
    }

    @Test
    void onlyAHashOfATokenIsStored() {
        String token = tokens.mint(accounts.createIfAbsent("hash-check"), "t", null);
        assertThat(token).startsWith(AccessTokens.PREFIX).hasSizeGreaterThanOrEqualTo(AccessTokens.PREFIX.length() + 43);
        assertThat(jdbc.queryForObject("select count(*) from access_token where token_hash = ?", Integer.class,
                token)).isZero();
        assertThat(jdbc.queryForObject("select count(*) from access_token where token_hash = ?", Integer.class,
                AccessTokens.hash(token))).isEqualTo(1);
        assertThat(tokens.verify(token)).isPresent();
        assertThat(tokens.verify(token + "x")).isEmpty();
    }

    /** Replicas starting together seed the same accounts and tokens; none of them may fail to start. */
    @Test
    void replicasRacingToSeedTheSameTokenAllSucceed() throws Exception {
        String token = "race-" + "r".repeat(40) + System.nanoTime();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> seeds = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (int i = 0; i < 8; i++) {
                seeds.add(pool.submit(() -> {
                    start.await();
                    tokens.register(accounts.createIfAbsent("racer" + token.length()), "seeded", token, null);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> seed : seeds) {
                seed.get();
            }
        }
        assertThat(jdbc.queryForObject("select count(*) from account where username = ?", Integer.class,
                "racer" + token.length())).isEqualTo(1);
        assertThat(tokens.verify(token)).isPresent();
    }
}
