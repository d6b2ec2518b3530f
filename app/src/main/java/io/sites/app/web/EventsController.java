package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.app.feed.EventFeed;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The live event feed as Server-Sent Events: a thin adapter over {@link EventFeed}, whose refusals (404, 400, 429)
 * are the JSON envelope, answered before the stream starts. The response is asynchronous: no servlet thread waits
 * with it. {@code X-Accel-Buffering: no} keeps a buffering proxy (nginx) from holding events back.
 */
@RestController
class EventsController {
    private final EventFeed feed;

    EventsController(EventFeed feed) {
        this.feed = feed;
    }

    @GetMapping(path = "/v1/events")
    ResponseEntity<SseEmitter> events(AccountId caller, @RequestParam(required = false) String websiteId,
            @RequestParam(required = false) String after,
            @RequestHeader(name = "Last-Event-ID", required = false) String lastEventId) {
        SseEmitter emitter = new SseEmitter(feed.maxDuration().toMillis());
        Runnable close = feed.open(caller, websiteId, after, lastEventId, new EmitterSink(emitter));
        emitter.onCompletion(close);
        emitter.onTimeout(close);
        emitter.onError(failure -> close.run());
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).header("X-Accel-Buffering", "no")
                .body(emitter);
    }
}
