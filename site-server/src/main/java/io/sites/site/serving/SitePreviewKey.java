package io.sites.site.serving;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The key of preview grants, kept in {@code site_preview_key} as the authorization server keeps its signing keys:
 * the first replica to start creates it, every other one loads the same row (two that start together race on the
 * primary key, and the loser loads the winner's). Read once at start: checking a grant never touches the database.
 */
public final class SitePreviewKey {
    private static final String ID = "preview-grant-1";
    private static final int BYTES = 32;

    private SitePreviewKey() {
    }

    /** The shared key, created on first use. */
    public static byte[] load(JdbcTemplate jdbc) {
        List<String> stored = read(jdbc);
        if (stored.isEmpty()) {
            byte[] secret = new byte[BYTES];
            new SecureRandom().nextBytes(secret);
            try {
                jdbc.update("insert into site_preview_key (id, secret, created_at) values (?, ?, ?)", ID,
                        Base64.getEncoder().encodeToString(secret), Timestamp.from(Instant.now()));
            } catch (DuplicateKeyException anotherReplicaWasFirst) {
                // its key is the one every replica uses; ours is dropped
            }
            stored = read(jdbc);
        }
        return Base64.getDecoder().decode(stored.getFirst());
    }

    private static List<String> read(JdbcTemplate jdbc) {
        return jdbc.queryForList("select secret from site_preview_key where id = ?", String.class, ID);
    }
}
