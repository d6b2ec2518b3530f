package io.sites.command.remote;

import static io.sites.api.code.ViolationCode.DUPLICATE_PATH;
import static io.sites.api.code.ViolationCode.UPLOAD_EXPIRED;
import static io.sites.api.code.ViolationCode.UPLOAD_MISSING;
import static io.sites.api.code.ViolationCode.UPLOAD_PATH_MISMATCH;
import static io.sites.api.code.ViolationCode.UPLOAD_UNKNOWN;
import static io.sites.api.code.ViolationCode.UPLOAD_USED;

import io.sites.api.id.AccountId;
import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.BundleReader;
import io.sites.bundle.RemoteFiles;
import io.sites.command.limits.CappedInputStream;
import io.sites.command.limits.RequestInvalidException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * Upload slots: allocated per path by createUploads, filled by an unauthenticated PUT whose URL is the credential,
 * and used up by the one publish that succeeds with them. Rows live in {@code upload_slot}, so every replica sees
 * every slot.
 */
@Service
public class Uploads {
    public static final Duration LIFETIME = Duration.ofHours(1);
    static final String KEY_PREFIX = "upl_";
    /** Expired slots stay a day, so that a late PUT or publish is told "expired" rather than "unknown". */
    static final Duration KEPT_AFTER_EXPIRY = Duration.ofDays(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final JdbcTemplate jdbc;
    private final AccountBlobs accountBlobs;
    private final Clock clock;
    private final BundleReader bundles;
    private final BundleLimits limits;
    private final BlobStore blobs;
    private final StoredBlobs storedBlobs;

    Uploads(JdbcTemplate jdbc, Clock clock, BundleReader bundles, BundleLimits limits, BlobStore blobs,
            AccountBlobs accountBlobs, StoredBlobs storedBlobs) {
        this.storedBlobs = storedBlobs;
        this.jdbc = jdbc;
        this.accountBlobs = accountBlobs;
        this.clock = clock;
        this.bundles = bundles;
        this.limits = limits;
        this.blobs = blobs;
    }

    /** An allocated slot; {@code secret} goes into the putUrl and is not stored, only its hash. */
    public record Allocated(String path, String uploadKey, String secret, String contentType, Instant expiresAt) {
    }

    /** One slot a publish uses: the path as the client wrote it, the key, and the blob the bundle was read as. */
    public record Claim(String path, String uploadKey, String sha256) {
    }

    /** The bytes a PUT stored under a slot. */
    public record Received(String uploadKey, String path, BlobRef blob) {
    }

    /** createUploads: every path checked by the bundle rules first, then all slots or none. */
    public List<Allocated> allocate(AccountId owner, CreateUploadsRequest request) {
        List<CreateUploadsRequest.File> files = request == null || request.files() == null ? List.of()
                : request.files();
        Map<String, String> fields = new LinkedHashMap<>();
        if (files.isEmpty()) {
            fields.put("files", "Required: at least one file, each with a path.");
            throw new RequestInvalidException(fields, List.of());
        }
        List<Violation> violations = new ArrayList<>();
        List<BundleReader.Target> targets = new ArrayList<>(files.size());
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            CreateUploadsRequest.File file = files.get(i);
            if (file == null) {
                fields.put("files[" + i + "]", "Must be an object with a path.");
                targets.add(null);
                continue;
            }
            if (file.size() != null && file.size() < 0) {
                fields.put("files[" + i + "].size", "At least 0.");
            }
            if (file.size() != null && file.size() > limits.fileBytes()) {
                throw new UploadRefusedException(UploadRefusedException.Reason.TOO_LARGE,
                        "files[" + i + "] (" + file.path() + ") declares " + file.size() + " bytes; the limit is "
                                + limits.fileBytes() + " bytes per file. Nothing was allocated.");
            }
            BundleReader.Target target = bundles.checkTarget(file.path(), file.contentType());
            violations.addAll(target.violations());
            if (target.path() != null && target.violations().isEmpty()) {
                Integer earlier = seen.putIfAbsent(target.path(), i);
                if (earlier != null) {
                    violations.add(Violation.of(DUPLICATE_PATH, file.path(),
                            "Path \"" + file.path() + "\" (files[" + i + "]) names the same file as files[" + earlier
                                    + "]; ask for one slot per path.",
                            "Remove one of the two entries."));
                }
            }
            targets.add(target);
        }
        if (!violations.isEmpty() || !fields.isEmpty()) {
            throw new RequestInvalidException(fields, violations);
        }
        Instant now = clock.instant();
        Instant expires = now.plus(LIFETIME);
        // Housekeeping by the account's own allocations: its slots a day past expiry are of no use to anyone
        // (a publish keeps its blobs through the manifest, not through the slot).
        jdbc.update("delete from upload_slot where account_id = ? and expires_at < ?", owner.value(),
                Timestamp.from(now.minus(KEPT_AFTER_EXPIRY)));
        List<Allocated> slots = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            BundleReader.Target target = targets.get(i);
            String key = KEY_PREFIX + random(16);
            String secret = random(32);
            jdbc.update("insert into upload_slot (upload_key, secret_sha256, account_id, path, content_type,"
                            + " declared_size, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
                    key, sha256(secret), owner.value(), target.path(), target.contentType(), files.get(i).size(),
                    Timestamp.from(now), Timestamp.from(expires));
            slots.add(new Allocated(target.path(), key, secret, target.contentType(), expires));
        }
        return slots;
    }

    /**
     * The PUT to a putUrl: streams the body into the blob store, hashing it on the way, and stops as soon as it
     * passes the declared size or the per-file limit. A later PUT before the publish replaces the bytes.
     */
    public Received receive(String secret, String contentType, long contentLength, InputStream body)
            throws IOException {
        Slot slot = slotBySecret(secret);
        Instant now = clock.instant();
        if (slot.usedAt != null) {
            throw new UploadRefusedException(UploadRefusedException.Reason.USED,
                    "This upload slot was already used by a publish; allocate a new one with POST /v1/uploads.");
        }
        if (!now.isBefore(slot.expiresAt)) {
            throw new UploadRefusedException(UploadRefusedException.Reason.EXPIRED,
                    "This upload slot expired at " + slot.expiresAt + "; allocate a new one with POST /v1/uploads.");
        }
        if (!essence(slot.contentType).equals(essence(contentType))) {
            throw new UploadRefusedException(UploadRefusedException.Reason.CONTENT_TYPE,
                    "Send the bytes with Content-Type " + slot.contentType + ", as createUploads answered"
                            + (contentType == null ? "; the request had none." : ", not " + contentType + "."));
        }
        long cap = slot.declaredSize != null ? Math.min(slot.declaredSize, limits.fileBytes()) : limits.fileBytes();
        if (contentLength > cap) {
            throw tooLarge(slot, cap, contentLength);
        }
        BlobRef blob = blobs.write(new CappedInputStream(body, cap, () -> tooLarge(slot, cap, -1)));
        if (slot.declaredSize != null && blob.size() != slot.declaredSize) {
            throw new UploadRefusedException(UploadRefusedException.Reason.SIZE_MISMATCH,
                    "The slot declared " + slot.declaredSize + " bytes but " + blob.size() + " arrived; send the "
                            + "whole file again.");
        }
        // Born now for the collector: an upload is kept through the grace period even before a publish names it.
        storedBlobs.touch(List.of(blob.sha256()));
        int updated = jdbc.update("update upload_slot set blob_sha256 = ?, blob_size = ?, uploaded_at = ?"
                        + " where upload_key = ? and used_at is null",
                blob.sha256(), blob.size(), Timestamp.from(now), slot.key);
        if (updated == 0) {
            throw new UploadRefusedException(UploadRefusedException.Reason.USED,
                    "This upload slot was used by a publish while the bytes arrived; allocate a new one.");
        }
        // From now on the account may name these bytes by their digest, as it may name a published file's.
        accountBlobs.record(new AccountId(slot.account), List.of(blob));
        return new Received(slot.key, slot.path, blob);
    }

    /**
     * Resolves {@code uploadKey} files for one publish of {@code caller}. The slot is only read here; {@link #claim}
     * uses it up once the bundle is valid.
     *
     * @param path     the normalised path the file will be served at
     * @param sentPath the path as the client spelled it, which a violation names
     */
    public RemoteFiles.Resolved resolve(AccountId caller, String path, String sentPath, String key) {
        Slot slot = jdbc.query("select * from upload_slot where upload_key = ?", rs -> rs.next() ? Slot.of(rs) : null,
                key);
        String shown = "\"" + sentPath + "\"";
        if (slot == null || !slot.account.equals(caller.value())) {
            // Another account's key is answered as unknown: keys are not to be probed.
            return rejected(sentPath, UPLOAD_UNKNOWN, "File " + shown + " names uploadKey \"" + key
                    + "\", which is not an upload slot of this account.", "Use a key returned by POST /v1/uploads to this account.");
        }
        if (slot.usedAt != null) {
            return rejected(sentPath, UPLOAD_USED, "File " + shown + " names an upload slot that an earlier publish "
                    + "already used.", "Allocate a new slot with POST /v1/uploads and PUT the bytes again.");
        }
        if (!clock.instant().isBefore(slot.expiresAt)) {
            return rejected(sentPath, UPLOAD_EXPIRED, "File " + shown + " names an upload slot that expired at "
                    + slot.expiresAt + ".", "Allocate a new slot with POST /v1/uploads and PUT the bytes again.");
        }
        if (slot.blobSha256 == null) {
            return rejected(sentPath, UPLOAD_MISSING, "File " + shown + " names an upload slot whose bytes never "
                    + "arrived.", "PUT the file's bytes to the slot's putUrl before publishing.");
        }
        if (!slot.path.equals(path)) {
            return rejected(sentPath, UPLOAD_PATH_MISMATCH, "File " + shown + " names an upload slot allocated for "
                    + "\"" + slot.path + "\".", "Publish the file under \"" + slot.path + "\", or allocate a slot "
                    + "for this path.");
        }
        BlobRef blob = new BlobRef(slot.blobSha256, slot.blobSize);
        return new RemoteFiles.Stored(blob, slot.contentType, () -> {
            try (InputStream in = blobs.open(blob.sha256()).orElseThrow(
                    () -> new IOException("blob " + blob.sha256() + " of slot " + key + " is missing"))) {
                return in.readAllBytes();
            }
        });
    }

    /**
     * Uses up the slots for one publish, or none: a slot another publish claimed meanwhile is a violation. Each
     * claim is a conditional update, so two publishes racing for one slot cannot both have it.
     */
    public void claim(AccountId caller, List<Claim> claims, String publishId) {
        Timestamp now = Timestamp.from(clock.instant());
        List<Violation> lost = new ArrayList<>();
        for (Claim claim : claims) {
            // The blob must still be the one the bundle was checked with: a PUT may have replaced it meanwhile.
            int claimed = jdbc.update("update upload_slot set used_at = ?, used_by = ? where upload_key = ?"
                    + " and account_id = ? and used_at is null and expires_at > ? and blob_sha256 = ?", now,
                    publishId, claim.uploadKey(), caller.value(), now, claim.sha256());
            if (claimed == 0) {
                lost.add(Violation.of(UPLOAD_USED, claim.path(), "File \"" + claim.path() + "\" names an upload "
                        + "slot that another publish used, that expired, or whose bytes were replaced meanwhile.",
                        "Publish again (with a new slot if it was used or expired)."));
            }
        }
        if (!lost.isEmpty()) {
            release(publishId);
            throw new RequestInvalidException(Map.of(), lost);
        }
    }

    /** Gives the slots of a publish that failed after {@link #claim} back, so the client can simply retry. */
    public void release(String publishId) {
        jdbc.update("update upload_slot set used_at = null, used_by = null where used_by = ?", publishId);
    }

    private static RemoteFiles.Rejected rejected(String sentPath, ViolationCode code, String message, String detail) {
        return new RemoteFiles.Rejected(Violation.of(code, sentPath, message, detail));
    }

    private Slot slotBySecret(String secret) {
        Slot slot = secret == null || secret.length() > 100 ? null
                : jdbc.query("select * from upload_slot where secret_sha256 = ?",
                        rs -> rs.next() ? Slot.of(rs) : null, sha256(secret));
        if (slot == null) {
            throw new UploadRefusedException(UploadRefusedException.Reason.UNKNOWN,
                    "No upload slot has this address. Allocate one with POST /v1/uploads and PUT to its putUrl.");
        }
        return slot;
    }

    private UploadRefusedException tooLarge(Slot slot, long cap, long length) {
        boolean declared = slot.declaredSize != null && slot.declaredSize < limits.fileBytes();
        return new UploadRefusedException(UploadRefusedException.Reason.TOO_LARGE,
                (length >= 0 ? "The body is " + length + " bytes" : "The body is longer than " + cap + " bytes")
                        + "; " + (declared ? "the slot declared " + cap + " bytes." : "the limit is " + cap
                        + " bytes per file.") + " Nothing was stored.");
    }

    private static String essence(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    private static String random(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer);
    }

    static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Slot(String key, String account, String path, String contentType, Long declaredSize,
            Instant expiresAt, String blobSha256, long blobSize, Instant usedAt) {
        static Slot of(java.sql.ResultSet rs) throws java.sql.SQLException {
            long declared = rs.getLong("declared_size");
            Long declaredSize = rs.wasNull() ? null : declared;
            Timestamp used = rs.getTimestamp("used_at");
            return new Slot(rs.getString("upload_key"), rs.getString("account_id"), rs.getString("path"),
                    rs.getString("content_type"), declaredSize, rs.getTimestamp("expires_at").toInstant(),
                    rs.getString("blob_sha256"), rs.getLong("blob_size"), used == null ? null : used.toInstant());
        }
    }
}
