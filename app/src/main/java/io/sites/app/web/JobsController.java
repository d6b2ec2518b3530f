package io.sites.app.web;

import io.sites.api.AccountId;
import io.sites.api.FindJob;
import io.sites.api.JobId;
import io.sites.api.JobView;
import io.sites.api.json.Job;
import io.sites.app.SiteUrls;
import java.util.Optional;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** getJob: a query through Axon's query bus, answered by the query side's read model. */
@RestController
class JobsController {
    private final QueryGateway queries;
    private final SiteUrls urls;

    JobsController(QueryGateway queries, SiteUrls urls) {
        this.queries = queries;
        this.urls = urls;
    }

    @GetMapping(path = "/v1/jobs/{jobId}", produces = "application/json")
    Job getJob(AccountId caller, @PathVariable String jobId) {
        if (!JobId.isWellFormed(jobId)) {
            throw new NotFoundException("No job " + jobId + " is visible to you.");
        }
        Optional<JobView> job = queries.query(new FindJob(caller, new JobId(jobId)),
                ResponseTypes.optionalInstanceOf(JobView.class)).join();
        return job.map(this::toJson).orElseThrow(() -> new NotFoundException("No job " + jobId + " is visible to you."));
    }

    private Job toJson(JobView job) {
        String pageUrl = urls.page(job.slug());
        String progress = job.live()
                ? "Version " + job.version() + " is live at " + pageUrl
                : "Version " + job.version() + " is stored; it is not the live version.";
        return new Job(job.jobId().value(), job.websiteId().value(), job.status(), "done", progress,
                "ready".equals(job.status()) ? pageUrl : null, 1, urls.jobStatusPath(job.jobId().value()));
    }
}
