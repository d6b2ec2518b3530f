package io.sites.app.web;

import io.sites.app.feed.FeedSink;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** A feed stream written as Server-Sent Events: {@code id:} the cursor, {@code data:} one line of JSON. */
public final class EmitterSink implements FeedSink {
    private final SseEmitter emitter;

    public EmitterSink(SseEmitter emitter) {
        this.emitter = emitter;
    }

    @Override
    public void send(String id, String json) throws IOException {
        SseEmitter.SseEventBuilder event = SseEmitter.event().id(id);
        if (json != null) {
            event.data(json, MediaType.TEXT_PLAIN);
        }
        emitter.send(event);
    }

    @Override
    public void comment(String text) throws IOException {
        emitter.send(SseEmitter.event().comment(text));
    }

    /** Also after the connection failed, when the container has already ended the response: nothing to end then. */
    @Override
    public void close() {
        try {
            emitter.complete();
        } catch (RuntimeException alreadyEnded) {
            // The client is gone; the response was ended with its error.
        }
    }
}
