package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The body budget serves requests in arrival order: what is free now goes to no one who arrives after a waiter. */
class MemoryBudgetTest {
    private static final long HALF = 512 * 1024;

    @Test
    void aReservationForNowDoesNotBargePastARequestThatWaits() throws Exception {
        MemoryBudget budget = new MemoryBudget(2 * HALF, Duration.ofSeconds(30));
        MemoryBudget.Reservation first = budget.reserve(HALF);
        MemoryBudget.Reservation second = budget.reserve(HALF);
        AtomicReference<Thread> waiter = new AtomicReference<>();
        CompletableFuture<MemoryBudget.Reservation> whole = CompletableFuture.supplyAsync(() -> {
            waiter.set(Thread.currentThread());
            try {
                return budget.reserve(2 * HALF);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (waiter.get() == null || waiter.get().getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(5);
        }
        first.close();
        assertThat(budget.reserveNow(HALF)).as("half is free, but the whole was asked for first").isNull();
        second.close();
        try (MemoryBudget.Reservation got = whole.get(10, TimeUnit.SECONDS)) {
            assertThat(got).as("the waiting request has it all").isNotNull();
            assertThat(budget.reserveNow(1)).isNull();
        }
        try (MemoryBudget.Reservation now = budget.reserveNow(2 * HALF)) {
            assertThat(now).as("free again, and no one waits").isNotNull();
        }
    }
}
