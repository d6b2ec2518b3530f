package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.PostgresTestDatabase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** Replicas starting at the same moment on an empty database all end up with one and the same signing key. */
class SigningKeysTest {

    @Test
    void replicasRacingToCreateTheKeyAllUseTheOneThatWasStored() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(PostgresTestDatabase.create(),
                PostgresTestDatabase.user(), ""));
        jdbc.execute("""
                create table oauth_signing_key (id varchar(64) primary key, private_key varchar not null,
                    public_key varchar not null, created_at timestamp not null)""");
        int replicas = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(replicas);
        try {
            List<Future<SigningKeys>> started = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                started.add(pool.submit(() -> {
                    start.await();
                    return new SigningKeys(jdbc, Clock.systemUTC());
                }));
            }
            start.countDown();
            List<java.security.interfaces.RSAPublicKey> keys = new ArrayList<>();
            for (Future<SigningKeys> replica : started) {
                keys.add(replica.get().publicKey());
            }
            assertThat(keys).allSatisfy(key -> assertThat(key).isEqualTo(keys.getFirst()));
            assertThat(jdbc.queryForObject("select count(*) from oauth_signing_key", Integer.class)).isEqualTo(1);
            // and a later start loads it
            assertThat(new SigningKeys(jdbc, Clock.systemUTC()).publicKey()).isEqualTo(keys.getFirst());
        } finally {
            pool.shutdownNow();
        }
    }
}
