package io.sites.app;

import io.sites.command.remote.AddressPolicy;
import io.sites.command.remote.WebhookPosts;
import java.net.InetAddress;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Test-only: lets webhooks reach exactly the local {@link WebhookReceiver} (loopback, its one port) and trust its
 * test CA. It exists only in test sources and must be imported explicitly, as sourceUrl's HttpsOriginAllowance;
 * every other address still goes through production's {@code publicOnly()} policy.
 */
@TestConfiguration(proxyBeanMethods = false)
public class WebhookReceiverAllowance {

    @Bean
    @Primary
    WebhookPosts.Reach receiverReach() {
        WebhookReceiver receiver = WebhookReceiver.shared();
        AddressPolicy production = AddressPolicy.publicOnly();
        return new WebhookPosts.Reach((address, port) -> address.equals(InetAddress.getLoopbackAddress())
                && port == receiver.port() ? null : production.refusal(address, port),
                receiver.clientTls().getSocketFactory());
    }
}
