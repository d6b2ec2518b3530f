package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.JobId;


/** The job with this id, if the caller may see its website. Answered with an optional {@link JobView}. */
public record FindJob(AccountId caller, JobId jobId) {
}
