package io.sites.app.web;

import io.sites.app.PostgresAppTest;
import org.springframework.test.context.TestPropertySource;

/** {@link WebsiteReadsContract} on PostgreSQL. */
@TestPropertySource(properties = {"sites.limits.websites-per-account=3", "sites.limits.free-changes=7"})
class WebsiteReadsPostgresTest extends PostgresAppTest implements WebsiteReadsContract {
}
