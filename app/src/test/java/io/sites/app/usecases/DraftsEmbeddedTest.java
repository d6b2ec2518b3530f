package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.MovableClock;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/** {@link DraftsContract} on the embedded default (H2), anonymous drafts on, small limits, a clock tests move. */
@Import(MovableClock.InTheContext.class)
@TestPropertySource(properties = {"sites.anonymous-drafts=true", "sites.drafts.max-bytes=4096",
        "sites.drafts.per-hour=4"})
class DraftsEmbeddedTest extends EmbeddedAppTest implements DraftsContract {
}
