package io.sites.app.usecases;

import io.sites.app.MovableClock;
import io.sites.app.PostgresAppTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** {@link DraftsContract} on PostgreSQL, anonymous drafts on, small limits, a clock tests move. */
@Import(MovableClock.InTheContext.class)
@TestPropertySource(properties = {"sites.anonymous-drafts=true", "sites.drafts.max-bytes=4096",
        "sites.drafts.per-hour=4"})
// A context of its own: closed after the class, so its pool does not hold PostgreSQL connections.
@DirtiesContext
class DraftsPostgresTest extends PostgresAppTest implements DraftsContract {
}
