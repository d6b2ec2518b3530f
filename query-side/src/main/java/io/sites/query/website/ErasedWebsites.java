package io.sites.query.website;

import java.util.Collection;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The read model's side of forgetting a person (purge-account): the rows of the websites they owned read as the
 * rewritten events would build them (name "erased", no description, versions without message, files or warnings),
 * and the versions they published on other websites lose their message. A rebuild from the rewritten events yields
 * the same rows, so the live model and a rebuilt one agree.
 */
@Component
public class ErasedWebsites {
    private final JdbcTemplate jdbc;
    private final ReadTables tables;

    ErasedWebsites(JdbcTemplate jdbc, ReadTables tables) {
        this.jdbc = jdbc;
        this.tables = tables;
    }

    /** Refused while the model is rebuilt: the rebuild may still hold the events as they were. */
    public void forget(Collection<String> websites, Collection<String> jobsWithoutMessage, String erasedName) {
        if (tables.isFrozen()) {
            throw new IllegalStateException("The read model is being rebuilt; purge the account once it is done.");
        }
        for (String website : websites) {
            String versions = "(select job_id from qs_version where website_id = ?)";
            jdbc.update("delete from qs_version_file where job_id in " + versions, website);
            jdbc.update("delete from qs_version_warning where job_id in " + versions, website);
            jdbc.update("update qs_version set message = null, file_count = 0, total_bytes = 0 where website_id = ?",
                    website);
            jdbc.update("update qs_website set name = ?, description = null where id = ?", erasedName, website);
        }
        for (String job : jobsWithoutMessage) {
            jdbc.update("update qs_version set message = null where job_id = ?", job);
        }
    }
}
