package io.sites.app;

import io.sites.command.remote.Uploads;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/** {@link IdempotencyContract} on PostgreSQL, with a clock the tests move and upload slots that can be made to fail. */
@Import(MovableClock.InTheContext.class)
class IdempotencyPostgresTest extends PostgresAppTest implements IdempotencyContract {
    @MockitoSpyBean
    Uploads uploads;
}
