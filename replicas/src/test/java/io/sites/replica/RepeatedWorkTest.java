package io.sites.replica;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The rounds every background worker of a replica runs on: they go on past a failure and stop without interrupt. */
class RepeatedWorkTest {

    @Test
    void aRoundThatThrowsDoesNotEndTheRounds() throws InterruptedException {
        AtomicInteger rounds = new AtomicInteger();
        CountDownLatch third = new CountDownLatch(3);
        RepeatedWork work = new RepeatedWork("test-rounds", Duration.ofMillis(5), () -> {
            rounds.incrementAndGet();
            third.countDown();
            throw new IllegalStateException("the database is away");
        });
        work.start();
        try {
            assertThat(third.await(30, TimeUnit.SECONDS)).as("rounds after failing ones").isTrue();
        } finally {
            work.stop();
        }
        assertThat(rounds).hasValueGreaterThanOrEqualTo(3);
    }

    @Test
    void stopLetsTheRoundUnderWayFinishWithoutAnInterrupt() throws InterruptedException {
        CountDownLatch begun = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        RepeatedWork work = new RepeatedWork("test-stop", Duration.ofMillis(5), () -> {
            begun.countDown();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
            while (System.nanoTime() < until) {
                interrupted.compareAndSet(false, Thread.currentThread().isInterrupted());
                Thread.onSpinWait();
            }
            finished.set(true);
        });
        work.start();
        assertThat(begun.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(work.stop()).as("it was running").isTrue();
        assertThat(finished).as("the round under way ended before stop returned").isTrue();
        assertThat(interrupted).as("interrupted").isFalse();
        assertThat(work.isRunning()).isFalse();
        assertThat(work.stop()).as("a second stop").isFalse();
    }

    @Test
    void soonRunsARoundBeforeTheIntervalAndNothingOnceStopped() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        RepeatedWork work = new RepeatedWork("test-soon", Duration.ofHours(1), ran::countDown);
        work.soon();
        assertThat(ran.getCount()).as("not started: nothing runs").isEqualTo(1);
        work.start();
        work.soon();
        try {
            assertThat(ran.await(30, TimeUnit.SECONDS)).as("a round long before the hour").isTrue();
        } finally {
            work.stop();
        }
        work.soon();
    }

    @Test
    void aZeroIntervalTurnsTheWorkOff() {
        RepeatedWork work = new RepeatedWork("test-off", Duration.ZERO, () -> {
            throw new AssertionError("no round when off");
        });
        work.start();
        assertThat(work.isRunning()).isFalse();
        assertThat(work.stop()).isFalse();
    }
}
