package io.sites.app;

import org.springframework.context.annotation.Import;

/** {@link IdempotencyContract} on PostgreSQL, with a clock the tests move. */
@Import(MovableClock.InTheContext.class)
class IdempotencyPostgresTest extends PostgresAppTest implements IdempotencyContract {
}
