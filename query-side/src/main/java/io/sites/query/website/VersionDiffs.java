package io.sites.query.website;

import io.sites.api.query.DiffVersions;
import io.sites.api.query.VersionDiffView;
import io.sites.api.query.VersionDiffView.Change;
import io.sites.api.query.VersionDiffView.FileView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Compares two versions of a website by their manifests as the read model keeps them (path, content type, size,
 * sha256), never by their bytes: a file is changed when its sha256 or content type differs. Visibility as in every
 * website read ({@link WebsiteQueries#VISIBLE}).
 */
@Component
class VersionDiffs {
    /** By code point, so the order is the same on every database and in every client's language. */
    private static final Comparator<String> BY_CODE_POINT = (a, b) -> Arrays.compare(a.codePoints().toArray(),
            b.codePoints().toArray());

    private final JdbcTemplate jdbc;
    private final ReadTables tables;

    VersionDiffs(JdbcTemplate jdbc, ReadTables tables) {
        this.jdbc = jdbc;
        this.tables = tables;
    }

    @QueryHandler
    Optional<VersionDiffView> handle(DiffVersions query) {
        String caller = query.caller().value();
        List<String> jobs = jdbc.queryForList(tables.sql("""
                select v.job_id from qs_version v join qs_website w on w.id = v.website_id
                where w.id = ? and v.version in (?, ?) and\s""" + WebsiteQueries.VISIBLE), String.class,
                query.websiteId().value(), query.version(), query.against(), caller, caller);
        if (jobs.size() != (query.version() == query.against() ? 1 : 2)) {
            return Optional.empty();
        }
        Map<Integer, Map<String, FileView>> manifests = new HashMap<>();
        jdbc.query(tables.sql("""
                select v.version, f.path, f.content_type, f.size, f.sha256 from qs_version_file f
                join qs_version v on v.job_id = f.job_id where v.website_id = ? and v.version in (?, ?)"""),
                rs -> {
                    manifests.computeIfAbsent(rs.getInt("version"), number -> new HashMap<>()).put(
                            rs.getString("path"), new FileView(rs.getString("path"), rs.getString("content_type"),
                                    rs.getLong("size"), rs.getString("sha256")));
                }, query.websiteId().value(), query.version(), query.against());
        return Optional.of(diff(manifests.getOrDefault(query.against(), Map.of()),
                manifests.getOrDefault(query.version(), Map.of())));
    }

    /** What changed going from {@code before} to {@code after}. */
    static VersionDiffView diff(Map<String, FileView> before, Map<String, FileView> after) {
        List<FileView> added = new ArrayList<>();
        List<FileView> removed = new ArrayList<>();
        List<Change> changed = new ArrayList<>();
        int unchanged = 0;
        for (FileView file : after.values()) {
            FileView earlier = before.get(file.path());
            if (earlier == null) {
                added.add(file);
            } else if (Objects.equals(earlier.sha256(), file.sha256()) && earlier.size() == file.size()
                    && Objects.equals(earlier.contentType(), file.contentType())) {
                unchanged++;
            } else {
                changed.add(new Change(earlier, file));
            }
        }
        for (FileView file : before.values()) {
            if (!after.containsKey(file.path())) {
                removed.add(file);
            }
        }
        added.sort(Comparator.comparing(FileView::path, BY_CODE_POINT));
        removed.sort(Comparator.comparing(FileView::path, BY_CODE_POINT));
        changed.sort(Comparator.comparing(Change::path, BY_CODE_POINT));
        return new VersionDiffView(added, removed, changed, unchanged);
    }
}
