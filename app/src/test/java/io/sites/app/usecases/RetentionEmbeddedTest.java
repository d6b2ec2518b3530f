package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.MovableClock;
import org.springframework.context.annotation.Import;

/** {@link RetentionContract} on the embedded default (H2), with a clock the tests move. */
@Import(MovableClock.InTheContext.class)
class RetentionEmbeddedTest extends EmbeddedAppTest implements RetentionContract {
}
