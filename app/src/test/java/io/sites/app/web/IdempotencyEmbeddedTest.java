package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.MovableClock;
import io.sites.command.remote.Uploads;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/** {@link IdempotencyContract} on the embedded default (H2), with a clock the tests move and upload slots that can be made to fail. */
@Import(MovableClock.InTheContext.class)
class IdempotencyEmbeddedTest extends EmbeddedAppTest implements IdempotencyContract {
    @MockitoSpyBean
    Uploads uploads;
}
