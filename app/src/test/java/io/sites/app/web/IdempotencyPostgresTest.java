package io.sites.app.web;

import io.sites.app.MovableClock;
import io.sites.app.PostgresAppTest;
import io.sites.command.remote.Uploads;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/** {@link IdempotencyContract} on PostgreSQL, with a clock the tests move and upload slots that can be made to fail. */
@Import(MovableClock.InTheContext.class)
// A context of its own (the clock, the spy): closed after the class, so its pool does not hold PostgreSQL
// connections while the rest of the suite runs beside other suites on the same server.
@DirtiesContext
class IdempotencyPostgresTest extends PostgresAppTest implements IdempotencyContract {
    @MockitoSpyBean
    Uploads uploads;
}
