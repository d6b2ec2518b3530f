package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.api.json.Job;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** getJob: a query through Axon's query bus, answered by the query side's read model. */
@RestController
class JobsController {
    private final ApiOperations operations;

    JobsController(ApiOperations operations) {
        this.operations = operations;
    }

    @GetMapping(path = "/v1/jobs/{jobId}", produces = "application/json")
    Job getJob(AccountId caller, @PathVariable String jobId) {
        return operations.getJob(caller, jobId);
    }
}
