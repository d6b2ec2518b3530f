package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.app.usecases.ReadOperations;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** getHistory, an extension: a thin adapter over {@link ReadOperations#getHistory}. */
@RestController
class HistoryController {
    private final ReadOperations operations;
    private final ApiBodies bodies;

    HistoryController(ReadOperations operations, ApiBodies bodies) {
        this.operations = operations;
        this.bodies = bodies;
    }

    /** The parameters are taken as text so that a bad one is the envelope's BAD_REQUEST naming it. */
    @GetMapping(path = "/v1/websites/{websiteId}/history", produces = "application/json")
    Map<String, Object> getHistory(AccountId caller, @PathVariable String websiteId,
            @RequestParam(required = false) String limit, @RequestParam(required = false) String before) {
        return bodies.history(operations.getHistory(caller, websiteId, limit, before));
    }
}
