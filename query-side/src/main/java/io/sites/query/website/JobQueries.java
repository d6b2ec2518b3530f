package io.sites.query.website;

import io.sites.api.query.FindJob;
import io.sites.api.id.JobId;
import io.sites.api.JobStatus;
import io.sites.api.query.JobView;
import io.sites.api.code.Warning;
import io.sites.api.id.WebsiteId;
import java.util.List;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Answers FindJob from the read model: a publish job's status and version, for whoever may see its website. */
@Component
class JobQueries {
    private final JdbcTemplate jdbc;
    private final ReadTables tables;

    JobQueries(JdbcTemplate jdbc, ReadTables tables) {
        this.tables = tables;
        this.jdbc = jdbc;
    }

    /** Visible exactly when its website is: to the owner and editors, until the website is deleted. */
    @QueryHandler
    Optional<JobView> handle(FindJob query) {
        List<JobView> found = jdbc.query(tables.sql("""
                select v.job_id, v.website_id, w.slug, v.version, v.status, v.created_at,
                       case when w.current_job_id = v.job_id then true else false end as live
                from qs_version v join qs_website w on w.id = v.website_id
                where v.job_id = ? and""" + " " + WebsiteQueries.VISIBLE),
                (rs, row) -> new JobView(new JobId(rs.getString("job_id")), new WebsiteId(rs.getString("website_id")),
                        rs.getString("slug"), rs.getInt("version"), JobStatus.fromWire(rs.getString("status")),
                        rs.getBoolean("live"),
                        rs.getTimestamp("created_at").toInstant(), List.of()),
                query.jobId().value(), query.caller().value(), query.caller().value());
        return found.stream().findFirst().map(job -> new JobView(job.jobId(), job.websiteId(), job.slug(),
                job.version(), job.status(), job.live(), job.createdAt(), warnings(job.jobId())));
    }

    private List<Warning> warnings(JobId jobId) {
        return jdbc.query(tables.sql("select code, message, path, detail from qs_version_warning where job_id = ? "
                + "order by position"), (rs, row) -> new Warning(rs.getString("code"), rs.getString("message"),
                rs.getString("path"), rs.getString("detail")), jobId.value());
    }
}
