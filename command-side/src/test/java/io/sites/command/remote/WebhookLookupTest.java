package io.sites.command.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A webhook registration's DNS lookup is bounded: a name server that never answers (a tenant's own, slow on purpose)
 * costs the request thread at most the lookup timeout and the URL is refused as unchecked, while a host that does
 * not exist is still accepted, one that resolves to a private address is still refused, and a localhost name is
 * refused without asking (RFC 6761), whatever this machine's resolver would say of it.
 */
class WebhookLookupTest {
    private static final Duration CONNECT = Duration.ofSeconds(1);

    private static WebhookPosts posts(PinnedSockets.Resolver resolver) throws Exception {
        return new WebhookPosts(WebhookPosts.Reach.production(), CONNECT, CONNECT, CONNECT, Duration.ofMillis(200),
                resolver);
    }

    @Test
    void aNameServerThatNeverAnswersHoldsTheCallerOnlyUntilTheTimeout() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        WebhookPosts posts = posts(host -> {
            try {
                never.await();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw new UnknownHostException(host);
        });
        try {
            String refusal = posts.refusal("https://slow.hooks.example/in");
            assertThat(refusal).isEqualTo("its host slow.hooks.example did not answer DNS within 200 ms, so its"
                    + " addresses could not be checked; try again once its name server answers");
        } finally {
            never.countDown();
        }
    }

    @Test
    void aHostThatDoesNotExistIsAcceptedAndAPrivateOneRefused() throws Exception {
        assertThat(posts(host -> {
            throw new UnknownHostException(host);
        }).refusal("https://nowhere.hooks.example/in")).isNull();
        assertThat(posts(host -> new InetAddress[] {InetAddress.getByAddress(host, new byte[] {10, 0, 0, 7})})
                .refusal("https://inside.hooks.example/in")).contains("10.0.0.7").contains("only public addresses are reached");
        assertThat(posts(host -> new InetAddress[] {InetAddress.getByAddress(host, new byte[] {93, (byte) 184, 2,
                34})}).refusal("https://public.hooks.example/in")).isNull();
        for (String loopbackName : new String[] {"https://localhost./in", "https://LOCALHOST/in",
                "https://hooks.localhost/in"}) {
            assertThat(posts(host -> {
                throw new UnknownHostException(host);
            }).refusal(loopbackName)).as(loopbackName).contains("is a loopback name");
        }
        assertThat(posts(host -> {
            throw new IllegalStateException("a resolver's own failure");
        }).refusal("https://broken.hooks.example/in")).isNull();
    }
}
