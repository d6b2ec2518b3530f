package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link DomainsContract} on PostgreSQL, where the Website aggregate is snapshotted every 5 events. */
class DomainsPostgresTest extends PostgresAppTest implements DomainsContract {
    @DynamicPropertySource
    static void domains(DynamicPropertyRegistry registry) {
        DomainsContract.domainProperties(registry);
    }
}
