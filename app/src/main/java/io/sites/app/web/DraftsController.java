package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.api.json.PublishDraftRequest;
import io.sites.api.json.PublishDraftResult;
import io.sites.app.identity.Callers;
import io.sites.app.usecases.DraftClaimOperations;
import io.sites.app.usecases.DraftOperations;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * publishDraft and claimDraft (extensions): thin adapters over {@link DraftOperations} and {@link DraftClaimOperations}.
 * POST /v1/drafts is the one write the security chain lets through without a token; the operation decides whether an
 * anonymous caller may (SITES_ANONYMOUS_DRAFTS). The client's address is the request's (behind a proxy,
 * {@code server.forward-headers-strategy} makes it the client's).
 */
@RestController
@RequestMapping("/v1/drafts")
class DraftsController {
    private final DraftOperations drafts;
    private final DraftClaimOperations claims;
    private final ApiBodies bodies;

    DraftsController(DraftOperations drafts, DraftClaimOperations claims, ApiBodies bodies) {
        this.drafts = drafts;
        this.claims = claims;
        this.bodies = bodies;
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    ResponseEntity<PublishDraftResult> publishDraft(HttpServletRequest request,
            @RequestBody PublishBody<PublishDraftRequest> body) {
        PublishDraftResult draft = drafts.publishDraft(Callers.currentActor(), request.getRemoteAddr(),
                body.request(), body.decoded());
        return ResponseEntity.created(URI.create("/v1/websites/" + draft.websiteId())).body(draft);
    }

    /** The body's one field. */
    record ClaimBody(String claimToken) {
    }

    @PostMapping(path = "/{websiteId}/claim", consumes = "application/json", produces = "application/json")
    Map<String, Object> claimDraft(Actor caller, @PathVariable String websiteId, @RequestBody ClaimBody body) {
        return bodies.website(claims.claim(caller, websiteId, body.claimToken()));
    }
}
