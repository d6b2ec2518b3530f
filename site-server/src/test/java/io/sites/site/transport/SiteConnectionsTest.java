package io.sites.site.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The site port's bounds on what a visitor holds: the connection cap and the deadline for a request head. */
class SiteConnectionsTest {

    @Test
    void aConnectionBeyondTheCapIsClosedAtOnceAndAClosedOneFreesItsPlace() {
        SiteConnections connections = new SiteConnections(
                new SiteConnections.Limits(Duration.ofSeconds(15), Duration.ofSeconds(75), 2));
        EmbeddedChannel first = new EmbeddedChannel();
        EmbeddedChannel second = new EmbeddedChannel();
        EmbeddedChannel third = new EmbeddedChannel();
        assertThat(connections.admit(first)).isTrue();
        assertThat(connections.admit(second)).isTrue();
        assertThat(connections.admit(third)).isFalse();
        assertThat(third.isOpen()).isFalse();
        assertThat(connections.open()).isEqualTo(2);
        first.close();
        assertThat(connections.open()).isEqualTo(1);
        assertThat(connections.admit(new EmbeddedChannel())).isTrue();
    }

    @Test
    void aHeadThatDoesNotArriveInTimeClosesTheConnectionACompleteOneDoesNot() throws InterruptedException {
        SiteConnections connections = new SiteConnections(
                new SiteConnections.Limits(Duration.ofMillis(50), Duration.ofSeconds(75), 10));
        EmbeddedChannel silent = new EmbeddedChannel(connections.new HeadDeadline());
        EmbeddedChannel trickling = new EmbeddedChannel(connections.new HeadDeadline());
        SiteConnections.HeadDeadline answered = connections.new HeadDeadline();
        // As on the site port, the head is reported within the read that completes it (there by the decoder and the
        // exchange behind the deadline): reported afterwards, a slow machine could pass the deadline in between.
        EmbeddedChannel served = new EmbeddedChannel(answered, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object message) {
                answered.headArrived();
                ReferenceCountUtil.release(message);
            }
        });
        served.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\n\r\n", StandardCharsets.US_ASCII));
        for (int i = 0; i < 6; i++) {
            if (trickling.isOpen()) {
                trickling.writeInbound(Unpooled.copiedBuffer("G", StandardCharsets.US_ASCII));
            }
            Thread.sleep(30); // more than the timeout in all, each byte well within it
            silent.runScheduledPendingTasks();
            trickling.runScheduledPendingTasks();
            served.runScheduledPendingTasks();
        }
        assertThat(silent.isOpen()).isFalse();
        assertThat(trickling.isOpen()).as("the deadline is for the whole head").isFalse();
        assertThat(served.isOpen()).as("after its head, a connection is the idle timeout's").isTrue();
        trickling.finishAndReleaseAll();
        served.finishAndReleaseAll();
    }
}
