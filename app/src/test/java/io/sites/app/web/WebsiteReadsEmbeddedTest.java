package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;
import org.springframework.test.context.TestPropertySource;

/** {@link WebsiteReadsContract} on the embedded default (H2). */
@TestPropertySource(properties = {"sites.limits.websites-per-account=3", "sites.limits.free-changes=7"})
class WebsiteReadsEmbeddedTest extends EmbeddedAppTest implements WebsiteReadsContract {
}
