package io.sites.app.webapp;

import io.sites.app.feed.EventFeed;
import io.sites.app.identity.AccountUser;
import io.sites.app.web.EmitterSink;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The live feed of one website for its pages, on the signed-in session (EventSource sends the cookie, never a
 * bearer token): the same {@link EventFeed} as GET /v1/events, so the same visibility and the same cap.
 */
@RestController
class WebsiteEvents {
    private final EventFeed feed;

    WebsiteEvents(EventFeed feed) {
        this.feed = feed;
    }

    @GetMapping("/app/websites/{websiteId}/events")
    ResponseEntity<SseEmitter> events(@AuthenticationPrincipal AccountUser person, @PathVariable String websiteId,
            @RequestHeader(name = "Last-Event-ID", required = false) String lastEventId) {
        SseEmitter emitter = new SseEmitter(feed.maxDuration().toMillis());
        Runnable close = feed.open(person.account(), websiteId, null, lastEventId, new EmitterSink(emitter));
        emitter.onCompletion(close);
        emitter.onTimeout(close);
        emitter.onError(failure -> close.run());
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).header("X-Accel-Buffering", "no")
                .body(emitter);
    }
}
