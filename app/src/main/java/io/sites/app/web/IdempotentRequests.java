package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.api.code.ErrorCode;
import io.sites.api.json.ErrorBody;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Idempotent retries with an Idempotency-Key (Stripe's semantics), for createWebsite, createWebsiteVersion,
 * createUploads and promoteVersion over REST ({@link IdempotencyFilter}) and their MCP tools: the same key from the
 * same account with the same request within 24 hours gets the first answer again, with no second effect. The key is
 * claimed by an insert before the request runs, so racing duplicates on any replica are decided by the primary key;
 * the answer is kept when the request ends, or the claim is released when the answer is not one to keep (see
 * {@link #kept}). A claim whose request never ended (a crashed process) is taken over after {@link #LEASE}.
 * See docs/DECISIONS.md, "Idempotent retries".
 */
@Component
public class IdempotentRequests {
    public static final String HEADER = "Idempotency-Key";
    /** Set on a replayed answer, as Stripe does, so a client can tell it from a first one. */
    public static final String REPLAYED = "Idempotent-Replayed";
    static final int MAX_KEY_LENGTH = 255;
    static final Duration RETENTION = Duration.ofHours(24);
    /** Longer than any request runs (twenty sourceUrl fetches, four at a time, 2 minutes each, take 10). */
    static final Duration LEASE = Duration.ofMinutes(15);
    static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    private static final Duration PURGE_EVERY = Duration.ofMinutes(1);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final AtomicReference<Instant> purged = new AtomicReference<>(Instant.EPOCH);

    IdempotentRequests(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** An answer as it is kept and replayed: REST's status, headers and body, or a tool's structured content. */
    public record Answer(int status, String contentType, String location, byte[] body) {
    }

    /** What a request with a key does next. */
    public sealed interface Outcome {
    }

    /** The key is this request's: run it, then {@link #finish} (or {@link #release} when it fails). */
    public record Claimed(AccountId account, String keySha256, byte[] sealKey, Instant claimedAt) implements Outcome {
    }

    /** The first request's answer, to be sent again. */
    public record Replayed(Answer answer) implements Outcome {
    }

    /** A bad key, a key used for another request, or one whose request is still running. */
    public record Refused(ApiErrors.Failure failure) implements Outcome {
    }

    /** Why {@code key} cannot be an Idempotency-Key, or null when it can: 1 to 255 of the characters 0x21-0x7E. */
    public static String problem(String key) {
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_LENGTH
                || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7E)) {
            return "An Idempotency-Key is 1 to " + MAX_KEY_LENGTH + " printable ASCII characters without spaces "
                    + "(0x21 to 0x7E); a UUID is a good one.";
        }
        return null;
    }

    /** What makes two requests the same: method, target (path and query) and the SHA-256 of the body's bytes. */
    public static String fingerprint(String method, String target, byte[] bodySha256) {
        return HexFormat.of().formatHex(sha256((method + " " + target + "\n" + HexFormat.of().formatHex(bodySha256))
                .getBytes(StandardCharsets.UTF_8)));
    }

    /** Claims {@code key} for this request, or says why not, or gives the answer kept for it. */
    public Outcome claim(AccountId account, String key, String fingerprint) {
        String problem = problem(key);
        if (problem != null) {
            return new Refused(new ApiErrors.Failure(ErrorCode.BAD_REQUEST, problem));
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        purge(now);
        String keySha256 = HexFormat.of().formatHex(sha256(key.getBytes(StandardCharsets.US_ASCII)));
        Claimed claimed = new Claimed(account, keySha256, sealKey(key), now);
        // Each turn either ends or sees a row change under it (expired and deleted, or taken over): a few suffice.
        for (int turn = 0; turn < 5; turn++) {
            try {
                jdbc.update("""
                        insert into idempotent_request (account_id, key_sha256, fingerprint, created_at, claimed_at)
                        values (?, ?, ?, ?, ?)""", account.value(), keySha256, fingerprint, Timestamp.from(now),
                        Timestamp.from(now));
                return claimed;
            } catch (DuplicateKeyException taken) {
                List<Row> rows = jdbc.query("""
                        select fingerprint, created_at, claimed_at, status, content_type, location, body
                        from idempotent_request where account_id = ? and key_sha256 = ?""",
                        (rs, n) -> new Row(rs.getString(1), rs.getTimestamp(2), rs.getTimestamp(3),
                                (Integer) rs.getObject(4), rs.getString(5), rs.getString(6), rs.getBytes(7)),
                        account.value(), keySha256);
                if (rows.isEmpty()) {
                    continue;
                }
                Row row = rows.getFirst();
                if (row.createdAt().toInstant().isBefore(now.minus(RETENTION))) {
                    jdbc.update("delete from idempotent_request where account_id = ? and key_sha256 = ? "
                            + "and created_at = ?", account.value(), keySha256, row.createdAt());
                    continue;
                }
                if (!row.fingerprint().equals(fingerprint)) {
                    return new Refused(new ApiErrors.Failure(ErrorCode.IDEMPOTENCY_KEY_REUSED, "This "
                            + "Idempotency-Key was used for a different request (method, path or body) in the last "
                            + "24 hours. Use a new key for a new request; resend a request exactly to retry it."));
                }
                if (row.status() != null) {
                    return new Replayed(new Answer(row.status(), row.contentType(), row.location(),
                            unseal(claimed, row.body())));
                }
                if (row.claimedAt().toInstant().isBefore(now.minus(LEASE))) {
                    // Its request never ended (the process stopped): the first to move the claim takes it over.
                    if (jdbc.update("update idempotent_request set claimed_at = ? where account_id = ? "
                            + "and key_sha256 = ? and claimed_at = ? and status is null", Timestamp.from(now),
                            account.value(), keySha256, row.claimedAt()) == 1) {
                        return claimed;
                    }
                    continue;
                }
                return inProgress();
            }
        }
        return inProgress();
    }

    /** Keeps the answer for 24 hours when it is one to keep, else releases the key so that a retry runs again. */
    public void finish(Claimed claimed, Answer answer) {
        if (!kept(answer.status())) {
            release(claimed);
            return;
        }
        // Matches nothing when the claim was taken over meanwhile; the later request's answer will be kept.
        jdbc.update("""
                update idempotent_request set status = ?, content_type = ?, location = ?, body = ?
                where account_id = ? and key_sha256 = ? and claimed_at = ? and status is null""",
                answer.status(), answer.contentType(), answer.location(), seal(claimed, answer.body()),
                claimed.account().value(), claimed.keySha256(), Timestamp.from(claimed.claimedAt()));
    }

    /** Gives the key back: the request failed in a way a retry may not (a fault of ours, a limit, a lost client). */
    public void release(Claimed claimed) {
        jdbc.update("delete from idempotent_request where account_id = ? and key_sha256 = ? and claimed_at = ? "
                + "and status is null", claimed.account().value(), claimed.keySha256(),
                Timestamp.from(claimed.claimedAt()));
    }

    /**
     * Whether an answer is replayed to retries: every success, and every client error that the same request would
     * get again. Not: 401 and 403 (the credential or a permission, which may change), 408, 409 (a conflict with the
     * state of now: a version not ready yet, a slug that is taken), 429 (a limit that lifts) and any 5xx (a fault or
     * a refusal that the same request may not meet again).
     */
    public static boolean kept(int status) {
        return status >= 200 && status < 300
                || status >= 400 && status < 500 && !List.of(401, 403, 408, 409, 429).contains(status);
    }

    private static Refused inProgress() {
        return new Refused(new ApiErrors.Failure(ErrorCode.IDEMPOTENCY_IN_PROGRESS,
                ErrorBody.of(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "A request with this Idempotency-Key is still "
                        + "running. Send it again in " + RETRY_AFTER.toSeconds() + " second(s) to get its answer."),
                Map.of(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER.toSeconds()))));
    }

    /** Deletes rows past the retention, at most once a minute per replica, on the way of a claim. */
    private void purge(Instant now) {
        Instant last = purged.get();
        if (now.isAfter(last.plus(PURGE_EVERY)) && purged.compareAndSet(last, now)) {
            jdbc.update("delete from idempotent_request where created_at < ?", Timestamp.from(now.minus(RETENTION)));
        }
    }

    private record Row(String fingerprint, Timestamp createdAt, Timestamp claimedAt, Integer status,
            String contentType, String location, byte[] body) {
    }

    /** AES-256 key of the answer, from the Idempotency-Key itself (whose SHA-256 alone is stored). */
    private static byte[] sealKey(String key) {
        return sha256(("io.sites idempotent answer\n" + key).getBytes(StandardCharsets.US_ASCII));
    }

    /** The answer body encrypted (AES-GCM, bound to the account and key), so the table alone holds no putUrl. */
    private static byte[] seal(Claimed claimed, byte[] body) {
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        byte[] sealed = crypt(Cipher.ENCRYPT_MODE, claimed, iv, body, 0, body.length);
        byte[] stored = Arrays.copyOf(iv, IV_BYTES + sealed.length);
        System.arraycopy(sealed, 0, stored, IV_BYTES, sealed.length);
        return stored;
    }

    private static byte[] unseal(Claimed claimed, byte[] stored) {
        return crypt(Cipher.DECRYPT_MODE, claimed, Arrays.copyOf(stored, IV_BYTES), stored, IV_BYTES,
                stored.length - IV_BYTES);
    }

    private static byte[] crypt(int mode, Claimed claimed, byte[] iv, byte[] input, int offset, int length) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(claimed.sealKey(), "AES"), new GCMParameterSpec(128, iv));
            cipher.updateAAD((claimed.account().value() + "\n" + claimed.keySha256()).getBytes(StandardCharsets.UTF_8));
            return cipher.doFinal(input, offset, length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not seal or open a kept answer", e);
        }
    }

    static byte[] sha256(byte[] bytes) {
        return digest().digest(bytes);
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }
}
