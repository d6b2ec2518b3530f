package io.sites.app.webapp;

import io.sites.api.query.FindJob;
import io.sites.api.query.FindWebsite;
import io.sites.api.id.JobId;
import io.sites.api.query.JobView;
import io.sites.api.query.WebsiteView;
import io.sites.app.SiteUrls;
import io.sites.app.identity.AccountUser;
import java.util.Optional;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * The status view every Job's statusUrl names ({app_url}/jobs/{jobId}), with its website, its time and the version's
 * files; visible to whoever sees the website.
 */
@Controller
class JobPage {
    private final QueryGateway queries;
    private final SiteUrls urls;

    JobPage(QueryGateway queries, SiteUrls urls) {
        this.queries = queries;
        this.urls = urls;
    }

    @GetMapping("/app/jobs/{jobId}")
    String job(@AuthenticationPrincipal AccountUser person, @PathVariable String jobId, Model model) {
        Optional<JobView> found = JobId.isWellFormed(jobId)
                ? queries.query(new FindJob(person.account(), new JobId(jobId)),
                        ResponseTypes.optionalInstanceOf(JobView.class)).join()
                : Optional.empty();
        JobView job = found.orElseThrow(() -> new PageNotFoundException("No job " + jobId + " is visible to you."));
        model.addAttribute("job", job);
        // The website and the version's files, read with the same visibility as the job itself.
        Optional<WebsiteView> website = queries.query(new FindWebsite(person.account(), job.websiteId()),
                ResponseTypes.optionalInstanceOf(WebsiteView.class)).join();
        model.addAttribute("websiteName", website.map(WebsiteView::name).orElse(job.slug()));
        model.addAttribute("version", website.flatMap(w -> w.versions().stream()
                .filter(v -> v.version() == job.version()).findFirst()).orElse(null));
        model.addAttribute("finished", job.status().finished());
        model.addAttribute("pageUrl", urls.page(job.slug()));
        model.addAttribute("previewUrl", urls.preview(job.websiteId(), job.version(), job.slug()));
        return "job";
    }
}
