package io.sites.app;

import io.sites.command.remote.AddressPolicy;
import io.sites.command.remote.SourceFetches;
import java.net.InetAddress;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Test-only: lets sourceUrl fetches reach exactly the local {@link HttpsOrigin} (loopback, its one port) and trust
 * its certificate. It exists only in test sources and must be imported explicitly, so no property or profile can
 * turn it on in a deployment; every other address still goes through production's {@code publicOnly()} policy.
 */
@TestConfiguration(proxyBeanMethods = false)
public class HttpsOriginAllowance {

    @Bean
    @Primary
    AddressPolicy originAllowingPolicy() {
        HttpsOrigin origin = HttpsOrigin.shared();
        AddressPolicy production = AddressPolicy.publicOnly();
        return (address, port) -> address.equals(InetAddress.getLoopbackAddress()) && port == origin.port()
                ? null : production.refusal(address, port);
    }

    @Bean
    @Primary
    SourceFetches.FetchTls originTrustingTls() {
        return new SourceFetches.FetchTls(HttpsOrigin.shared().clientTls().getSocketFactory());
    }
}
