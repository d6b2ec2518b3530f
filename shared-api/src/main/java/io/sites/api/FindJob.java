package io.sites.api;

/** The job with this id, if the caller may see its website. Answered with an optional {@link JobView}. */
public record FindJob(AccountId caller, JobId jobId) {
}
