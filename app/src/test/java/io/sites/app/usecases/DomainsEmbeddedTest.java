package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link DomainsContract} on the embedded default (H2), its site served on the API's port (the host filter). */
class DomainsEmbeddedTest extends EmbeddedAppTest implements DomainsContract {
    @DynamicPropertySource
    static void domains(DynamicPropertyRegistry registry) {
        DomainsContract.domainProperties(registry);
    }
}
