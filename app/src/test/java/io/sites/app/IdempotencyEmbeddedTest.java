package io.sites.app;

import org.springframework.context.annotation.Import;

/** {@link IdempotencyContract} on the embedded default (H2), with a clock the tests move. */
@Import(MovableClock.InTheContext.class)
class IdempotencyEmbeddedTest extends EmbeddedAppTest implements IdempotencyContract {
}
