package io.sites.site.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The keep-alive timeout: a connection that has sent nothing for the timeout is idle, unless a response is still
 * moving to it (bytes waiting in the outbound buffer, and more of them gone since the last look). An all-idle
 * {@link IdleStateHandler} would tell the same apart by noting every write's completion, which costs a promise and a
 * listener per response (a tenth of what the site port allocates per request); this one looks only when the
 * timeout fires. A reader that stops reading in the middle of a response is closed at the second look, a timeout
 * later than the all-idle handler would.
 */
final class IdleConnection extends IdleStateHandler {
    private int lastMessage;
    private long lastPending = -1;
    private long lastProgress = -1;

    IdleConnection(Duration timeout) {
        super(timeout.toMillis(), 0, 0, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) throws Exception {
        if (!moving(ctx.channel().unsafe().outboundBuffer())) {
            super.channelIdle(ctx, event);
        }
    }

    /** Whether the response under way has gone on since the last look; a stalled reader's has not. */
    private boolean moving(ChannelOutboundBuffer outbound) {
        if (outbound == null || outbound.totalPendingWriteBytes() == 0) {
            lastPending = -1;
            return false;
        }
        // The message's identity, not the message: a buffer kept here would outlive its release.
        int message = System.identityHashCode(outbound.current());
        long pending = outbound.totalPendingWriteBytes();
        long progress = outbound.currentProgress();
        boolean moved = message != lastMessage || pending != lastPending || progress != lastProgress;
        lastMessage = message;
        lastPending = pending;
        lastProgress = progress;
        return moved;
    }
}
