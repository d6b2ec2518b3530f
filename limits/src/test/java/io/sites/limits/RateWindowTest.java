package io.sites.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.limits.RateWindow.Refusal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.transaction.support.TransactionTemplate;

/** The one rate window, on both databases the service runs on. */
class RateWindowTest {

    private static final TestDatabase H2 = TestDatabase.h2();
    private static final TestDatabase POSTGRES = TestDatabase.postgres();

    static Stream<TestDatabase> databases() {
        return Stream.of(H2, POSTGRES);
    }

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aWindowGivesItsBudgetAllOrNothingAndSaysWhatIsLeftAndWhenTheNextOpens(TestDatabase db) {
        MovingClock clock = new MovingClock(Instant.parse("2026-11-23T12:00:30Z"));
        RateWindow window = db.windows(clock).window("test-budget", Duration.ofMinutes(1), 5);
        String subject = unique("account");
        assertThat(window.take(subject, 3)).isEmpty();
        assertThat(window.take(subject, 3)).contains(new Refusal(2, Duration.ofSeconds(30)));
        assertThat(window.used(subject)).as("a refused take takes nothing").isEqualTo(3);
        assertThat(window.take(subject, 6)).as("more than the budget").contains(new Refusal(2, Duration.ofSeconds(30)));
        assertThat(window.take(unique("fresh"), 6)).contains(new Refusal(5, Duration.ofSeconds(30)));
        assertThat(window.take(subject, 2)).isEmpty();
        assertThat(window.spent(subject)).isTrue();
        clock.advance(Duration.ofSeconds(29));
        assertThat(window.take(subject, 1)).contains(new Refusal(0, Duration.ofSeconds(1)));
        clock.advance(Duration.ofSeconds(1));
        assertThat(window.spent(subject)).as("the next window").isFalse();
        assertThat(window.take(subject, 5)).isEmpty();
        assertThat(window.take(subject, 0)).as("nothing to take").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void kindsAndSubjectsCountApartAndForgettingClearsOneSubjectOfOneKind(TestDatabase db) {
        RateWindows windows = db.windows(Clock.systemUTC());
        RateWindow username = windows.window("test-username", Duration.ofMinutes(15), 2);
        RateWindow address = windows.window("test-address", Duration.ofMinutes(15), 2);
        String person = unique("person");
        username.take(person, 2);
        address.take(person, 1);
        assertThat(username.spent(person)).isTrue();
        assertThat(address.used(person)).isEqualTo(1);
        assertThat(username.used(unique("other"))).isZero();
        username.forget(person);
        assertThat(username.used(person)).isZero();
        assertThat(address.used(person)).as("another kind keeps its count").isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aSubjectLongerThanTheColumnIsCountedWholeNotCut(TestDatabase db) {
        RateWindow window = db.windows(Clock.systemUTC()).window("test-long", Duration.ofHours(1), 1);
        String prefix = "x".repeat(200) + UUID.randomUUID();
        assertThat(window.take(prefix + "a", 1)).isEmpty();
        assertThat(window.take(prefix + "b", 1)).as("not the same subject once cut").isEmpty();
        assertThat(window.spent(prefix + "a")).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void windowsThatEndedBeforeThePreviousOneAreDeletedWhenANewWindowOpens(TestDatabase db) {
        MovingClock clock = new MovingClock(Instant.parse("2026-11-23T13:00:00Z"));
        RateWindow window = db.windows(clock).window("test-sweep", Duration.ofMinutes(1), 5);
        String old = unique("old");
        String previous = unique("previous");
        window.take(old, 1);
        clock.advance(Duration.ofMinutes(1));
        window.take(previous, 1);
        clock.advance(Duration.ofMinutes(1));
        window.take(unique("now"), 1);
        assertThat(db.jdbc().queryForObject("select count(*) from rate_window where kind = 'test-sweep'"
                + " and subject = ?", Integer.class, old)).isZero();
        assertThat(db.jdbc().queryForObject("select count(*) from rate_window where kind = 'test-sweep'"
                + " and subject = ?", Integer.class, previous)).isEqualTo(1);
    }

    /** Many first takes of one subject in a fresh window: the budget is spent exactly, never over, never early. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void sixteenRacersAgainstABudgetOfFive(TestDatabase db) throws Exception {
        RateWindow window = db.windows(Clock.systemUTC()).window("test-race", Duration.ofMinutes(1), 5);
        String subject = unique("account");
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 16; i++) {
                Callable<Boolean> racer = () -> {
                    start.await();
                    return window.take(subject, 1).isEmpty();
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
            assertThat(db.jdbc().queryForObject("select sum(used) from rate_window where kind = 'test-race'"
                    + " and subject = ?", Integer.class, subject)).isEqualTo(accepted);
        }
    }

    /**
     * The race made certain: another request has opened the window and not committed yet when ours arrives. Ours
     * must wait for it or retry, and then count against the same row: neither a refusal nor an error.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aWindowOpenedConcurrentlyIsSharedNotRefused(TestDatabase db) throws Exception {
        Clock clock = Clock.fixed(Instant.parse("2026-11-21T12:00:30Z"), ZoneOffset.UTC);
        long windowStart = clock.instant().getEpochSecond() / 60 * 60;
        RateWindow window = db.windows(clock).window("test-open", Duration.ofMinutes(1), 5);
        String subject = unique("account");
        CountDownLatch opened = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TransactionTemplate other = new TransactionTemplate(db.transactions());
        Optional<Refusal> taken;
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<?> first = pool.submit(() -> other.executeWithoutResult(status -> {
                db.jdbc().update("insert into rate_window (kind, subject, window_start, used) values (?, ?, ?, 1)",
                        "test-open", subject, windowStart);
                opened.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            opened.await();
            Future<Optional<Refusal>> second = pool.submit(() -> window.take(subject, 1));
            Thread.sleep(300);
            release.countDown();
            first.get();
            taken = second.get();
        }
        assertThat(taken).isEmpty();
        assertThat(db.jdbc().queryForObject("select used from rate_window where kind = 'test-open' and subject = ?"
                + " and window_start = ?", Integer.class, subject, windowStart)).isEqualTo(2);
    }
}
