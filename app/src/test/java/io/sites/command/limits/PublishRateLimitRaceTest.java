package io.sites.command.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.AccountId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.PostgresAppTest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/** Many first publishes of one account in a fresh window: the budget is spent exactly, never over, never early. */
class PublishRateLimitRaceTest {

    static void sixteenRacersAgainstABudgetOfFive(JdbcTemplate jdbc, PlatformTransactionManager transactions)
            throws Exception {
        PublishRateLimit limit = new PublishRateLimit(jdbc, Clock.systemUTC(), transactions, 5);
        AccountId account = AccountId.generate();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 16; i++) {
                Callable<Boolean> racer = () -> {
                    start.await();
                    try {
                        limit.acquire(account);
                        return true;
                    } catch (RateLimitedException refused) {
                        return false;
                    }
                };
                results.add(pool.submit(racer));
            }
            start.countDown();
            int accepted = 0;
            for (Future<Boolean> result : results) {
                accepted += result.get() ? 1 : 0;
            }
            // A window boundary between racers could open a second budget; the racers finish well within one.
            assertThat(accepted).isBetween(5, 10);
            assertThat(jdbc.queryForObject("select sum(used) from publish_rate where account_id = ?", Integer.class,
                    account.value())).isEqualTo(accepted);
        }
    }

    /**
     * The race made certain: another request has opened the window and not committed yet when ours arrives. Ours
     * must wait for it or retry, and then count against the same row: neither a 429 nor an error.
     */
    static void aWindowOpenedConcurrentlyIsSharedNotRefused(JdbcTemplate jdbc, PlatformTransactionManager transactions)
            throws Exception {
        Clock clock = Clock.fixed(java.time.Instant.parse("2026-11-21T12:00:30Z"), java.time.ZoneOffset.UTC);
        long window = clock.instant().getEpochSecond() / 60;
        PublishRateLimit limit = new PublishRateLimit(jdbc, clock, transactions, 5);
        AccountId account = AccountId.generate();
        CountDownLatch opened = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        org.springframework.transaction.support.TransactionTemplate other =
                new org.springframework.transaction.support.TransactionTemplate(transactions);
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<?> first = pool.submit(() -> other.executeWithoutResult(status -> {
                jdbc.update("insert into publish_rate (account_id, window_start, used) values (?, ?, 1)",
                        account.value(), window);
                opened.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            opened.await();
            Future<?> second = pool.submit(() -> limit.acquire(account));
            Thread.sleep(300);
            release.countDown();
            first.get();
            second.get();
        }
        assertThat(jdbc.queryForObject("select used from publish_rate where account_id = ? and window_start = ?",
                Integer.class, account.value(), window)).isEqualTo(2);
    }

    /** The two races, on whichever database the service runs. */
    interface Races {
        <T> T bean(Class<T> type);

        @Test
        default void budgetIsSpentExactly() throws Exception {
            sixteenRacersAgainstABudgetOfFive(bean(JdbcTemplate.class), bean(PlatformTransactionManager.class));
        }

        @Test
        default void aWindowOpenedConcurrentlyIsShared() throws Exception {
            aWindowOpenedConcurrentlyIsSharedNotRefused(bean(JdbcTemplate.class),
                    bean(PlatformTransactionManager.class));
        }
    }

    @Nested
    class OnPostgres extends PostgresAppTest implements Races {
    }

    @Nested
    class OnEmbedded extends EmbeddedAppTest implements Races {
    }
}
