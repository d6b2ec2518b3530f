package io.sites.app.usecases;

import io.sites.api.id.WebsiteId;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Signs and checks drafts' claim tokens: {@code {expiresEpochSecond}.{HMAC-SHA256(key, websiteId.expires)}} in
 * base64url, so a token says nothing but when it ends, and is worthless for any other website or after its time.
 * Single use is the aggregate's part (a claimed draft is no draft). The key lives in {@code draft_claim_key} as the
 * preview key does: the first replica creates it, every other loads it (the loser of a race loads the winner's).
 */
@Component
public class DraftClaimLinks {
    private static final String ID = "draft-claim-1";
    private static final int BYTES = 32;

    private final JdbcTemplate jdbc;
    private volatile byte[] key;

    DraftClaimLinks(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The claim token of {@code website}, good until {@code expires}. */
    public String token(WebsiteId website, Instant expires) {
        long seconds = expires.getEpochSecond();
        return seconds + "." + signature(website, seconds);
    }

    /** Whether {@code token} was signed for {@code website} and its time has not passed at {@code now}. */
    public boolean verifies(WebsiteId website, String token, Instant now) {
        if (token == null) {
            return false;
        }
        int dot = token.indexOf('.');
        if (dot <= 0 || dot > 19) {
            return false;
        }
        long seconds;
        try {
            seconds = Long.parseLong(token.substring(0, dot));
        } catch (NumberFormatException notANumber) {
            return false;
        }
        byte[] expected = signature(website, seconds).getBytes(StandardCharsets.US_ASCII);
        byte[] given = token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII);
        // Compared in constant time, so the signature cannot be guessed byte by byte.
        return MessageDigest.isEqual(expected, given) && now.isBefore(Instant.ofEpochSecond(seconds));
    }

    private String signature(WebsiteId website, long seconds) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(), "HmacSHA256"));
            byte[] signed = mac.doFinal(("claim:" + website.value() + "." + seconds).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(signed);
        } catch (GeneralSecurityException unavailable) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", unavailable);
        }
    }

    private byte[] key() {
        byte[] loaded = key;
        if (loaded == null) {
            loaded = load();
            key = loaded;
        }
        return loaded;
    }

    private byte[] load() {
        List<String> stored = read();
        if (stored.isEmpty()) {
            byte[] secret = new byte[BYTES];
            new SecureRandom().nextBytes(secret);
            try {
                jdbc.update("insert into draft_claim_key (id, secret, created_at) values (?, ?, ?)", ID,
                        Base64.getEncoder().encodeToString(secret), Timestamp.from(Instant.now()));
            } catch (DuplicateKeyException anotherReplicaWasFirst) {
                // its key is the one every replica uses; ours is dropped
            }
            stored = read();
        }
        return Base64.getDecoder().decode(stored.getFirst());
    }

    private List<String> read() {
        return jdbc.queryForList("select secret from draft_claim_key where id = ?", String.class, ID);
    }
}
