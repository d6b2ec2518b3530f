package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.app.usecases.UsageOperations;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** getUsage and getAccountUsage (extensions): what the site replicas counted, read by {@link UsageOperations}. */
@RestController
class UsageController {
    private final UsageOperations operations;
    private final UsageBodies bodies;

    UsageController(UsageOperations operations, UsageBodies bodies) {
        this.operations = operations;
        this.bodies = bodies;
    }

    @GetMapping(path = "/v1/websites/{websiteId}/usage", produces = "application/json")
    Map<String, Object> getUsage(AccountId caller, @PathVariable String websiteId,
            @RequestParam(required = false) String from, @RequestParam(required = false) String to,
            @RequestParam(required = false) String granularity) {
        return bodies.websiteUsage(operations.websiteUsage(caller, websiteId, from, to, granularity));
    }

    @GetMapping(path = "/v1/usage", produces = "application/json")
    Map<String, Object> getAccountUsage(AccountId caller, @RequestParam(required = false) String from,
            @RequestParam(required = false) String to) {
        return bodies.accountUsage(operations.accountUsage(caller, from, to));
    }
}
