package io.sites.app.pictures;

import io.sites.api.id.WebsiteId;
import io.sites.api.blob.BlobStore;
import io.sites.command.remote.BlobsGoneException;
import io.sites.command.remote.StoredBlobs;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The pictures taken of a website's versions: which versions have one (the pages ask once per page) and the PNG
 * of one, from the blob store. Whoever calls has already checked that the person may see the website.
 */
@Component
public class VersionPictures {
    private final JdbcTemplate jdbc;
    private final BlobStore blobs;
    private final Clock clock;
    private final StoredBlobs storedBlobs;

    VersionPictures(JdbcTemplate jdbc, BlobStore blobs, Clock clock, StoredBlobs storedBlobs) {
        this.storedBlobs = storedBlobs;
        this.jdbc = jdbc;
        this.blobs = blobs;
        this.clock = clock;
    }

    /** The versions of the website that have a picture. */
    public Set<Integer> versionsWithPictures(WebsiteId website) {
        return new HashSet<>(jdbc.queryForList("select version from version_picture where website_id = ? "
                + "and sha256 is not null", Integer.class, website.value()));
    }

    /** The PNG of one version, if it was taken. */
    public Optional<InputStream> open(WebsiteId website, int version) throws IOException {
        Optional<String> sha = jdbc.queryForList("select sha256 from version_picture where website_id = ? and "
                + "version = ? and sha256 is not null", String.class, website.value(), version).stream().findFirst();
        return sha.isEmpty() ? Optional.empty() : blobs.open(sha.get());
    }

    /** What happened to a version's picture ("rendered", or why not), if anything has yet. */
    Optional<String> outcome(WebsiteId website, int version) {
        return jdbc.queryForList("select outcome from version_picture where website_id = ? and version = ?",
                String.class, website.value(), version).stream().findFirst();
    }

    /** Whether this version was already attempted (a picture is taken once, whatever came of it). */
    boolean attempted(WebsiteId website, int version) {
        return outcome(website, version).isPresent();
    }

    void stored(WebsiteId website, int version, byte[] png) throws IOException {
        for (int attempt = 1; ; attempt++) {
            String sha = blobs.write(png).sha256();
            try {
                // Touched before the row names it; the collector keeps it while the version is retained.
                storedBlobs.touch(java.util.List.of(sha));
                record(website, version, sha, "rendered");
                return;
            } catch (BlobsGoneException collected) {
                if (attempt >= 3) {
                    throw collected; // only a collector with no grace at all gets here
                }
            }
        }
    }

    void failed(WebsiteId website, int version, String reason) {
        record(website, version, null, reason.length() > 200 ? reason.substring(0, 200) : reason);
    }

    /** Forgets the pictures of these versions, or of every version when {@code versions} is empty. */
    void forget(WebsiteId website, List<Integer> versions) {
        if (versions.isEmpty()) {
            jdbc.update("delete from version_picture where website_id = ?", website.value());
        }
        for (int version : versions) {
            jdbc.update("delete from version_picture where website_id = ? and version = ?", website.value(), version);
        }
    }

    private void record(WebsiteId website, int version, String sha256, String outcome) {
        jdbc.update("delete from version_picture where website_id = ? and version = ?", website.value(), version);
        jdbc.update("insert into version_picture (website_id, version, sha256, outcome, taken_at) values (?, ?, ?, ?, ?)",
                website.value(), version, sha256, outcome, Timestamp.from(clock.instant()));
    }
}
