package io.sites.command.remote;

import io.sites.api.id.AccountId;
import io.sites.api.blob.BlobRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Which blobs each account has stored (table {@code account_blob}): the command side's own record of the digests a
 * publish of that account may name instead of sending the bytes. Written only after the bytes are in the blob
 * store and the account's upload or publish was accepted, so a row always names a blob that exists and a refused
 * publish leaves none; another account's blobs are never consulted.
 */
@Component
public class AccountBlobs {
    private static final String INSERT = "insert into account_blob (account_id, sha256, size) select ?, ?, ?"
            + " where not exists (select 1 from account_blob where account_id = ? and sha256 = ?)";

    private static final int CHUNK = 500;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate oneTransaction;

    AccountBlobs(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.oneTransaction = new TransactionTemplate(transactions);
    }

    /** Records that {@code account} stored these blobs; ones it had already are left as they are. */
    public void record(AccountId account, Collection<BlobRef> blobs) {
        // In digest order, so that two publishes of one account never wait on each other's rows crosswise.
        List<BlobRef> rows = blobs.stream().distinct().sorted(Comparator.comparing(BlobRef::sha256)).toList();
        if (rows.size() > 1) {
            try {
                // One batch and one commit for a publish's files, not a commit (an fsync on PostgreSQL) per file.
                oneTransaction.executeWithoutResult(status -> jdbc.batchUpdate(INSERT, rows, rows.size(),
                        (statement, blob) -> {
                            statement.setString(1, account.value());
                            statement.setString(2, blob.sha256());
                            statement.setLong(3, blob.size());
                            statement.setString(4, account.value());
                            statement.setString(5, blob.sha256());
                        }));
                return;
            } catch (DataIntegrityViolationException raced) {
                // Another publish of the account recorded one of them meanwhile: row by row below, skipping it.
            }
        }
        for (BlobRef blob : rows) {
            try {
                jdbc.update(INSERT, account.value(), blob.sha256(), blob.size(), account.value(), blob.sha256());
            } catch (DuplicateKeyException raced) {
                // Another publish of the same account recorded it first: the row is there, which is all we want.
            }
        }
    }

    /**
     * Of these digests, the ones {@code account} has stored, with their size: one query per 500, so a manifest of
     * 100,000 digests (a big site's first publish) is 200 queries, not 100,000.
     */
    public Map<String, Long> findAll(AccountId account, Collection<String> sha256s) {
        List<String> all = sha256s.stream().distinct().toList();
        Map<String, Long> found = new HashMap<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            List<Object> arguments = new ArrayList<>(chunk.size() + 1);
            arguments.add(account.value());
            arguments.addAll(chunk);
            jdbc.query("select sha256, size from account_blob where account_id = ? and sha256 in ("
                    + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")",
                    row -> {
                        found.put(row.getString(1), row.getLong(2));
                    }, arguments.toArray());
        }
        return found;
    }

    /** The blob with this digest, if {@code account} has stored it. */
    public Optional<BlobRef> find(AccountId account, String sha256) {
        return jdbc.query("select size from account_blob where account_id = ? and sha256 = ?",
                rs -> rs.next() ? Optional.of(new BlobRef(sha256, rs.getLong(1))) : Optional.<BlobRef>empty(),
                account.value(), sha256);
    }
}
