package io.sites.app.web;

import io.sites.api.id.AccountId;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** getHistory, an extension: a thin adapter over {@link ApiOperations#getHistory}. */
@RestController
class HistoryController {
    private final ApiOperations operations;

    HistoryController(ApiOperations operations) {
        this.operations = operations;
    }

    /** The parameters are taken as text so that a bad one is the envelope's BAD_REQUEST naming it. */
    @GetMapping(path = "/v1/websites/{websiteId}/history", produces = "application/json")
    Map<String, Object> getHistory(AccountId caller, @PathVariable String websiteId,
            @RequestParam(required = false) String limit, @RequestParam(required = false) String before) {
        return operations.getHistory(caller, websiteId, limit, before);
    }
}
