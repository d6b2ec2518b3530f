package io.sites.command.remote;

import io.sites.api.id.AccountId;
import io.sites.bundle.ContentKey;
import io.sites.bundle.rules.AuthoringRules;
import io.sites.bundle.rules.FileFindings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Findings by content (table {@code file_findings}): what the authoring rules found in a file's bytes at a path, kept
 * once a publish that read them is accepted, so that the account's later publishes of the same bytes replay them
 * instead of reading the blob back and parsing it (docs/DECISIONS.md, "Big sites"). Kept per account, and asked
 * only for blobs the publish may name, so no account learns from it (not even by its speed) what another account
 * published; a refused publish keeps nothing. A row of older rules ({@link AuthoringRules#VERSION}) is not trusted:
 * the file is read and checked, and the row replaced.
 */
@Component
public class FindingsByContent {
    private static final Logger log = LoggerFactory.getLogger(FindingsByContent.class);
    private static final int CHUNK = 500;
    /** Findings longer than this (a page of tens of thousands of links) are not kept: it is read every time. */
    static final int LONGEST = 1_000_000;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final int rulesVersion;
    private final AtomicLong replayed = new AtomicLong();
    private final AtomicLong readBack = new AtomicLong();

    FindingsByContent(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.transaction = new TransactionTemplate(transactions);
        this.rulesVersion = AuthoringRules.VERSION;
    }

    /** The findings {@code account} kept for these contents under the current rules, one query per 500. */
    public Map<ContentKey, FileFindings> find(AccountId account, Collection<ContentKey> keys) {
        Map<String, ContentKey> byHash = new HashMap<>(keys.size() * 2);
        keys.forEach(k -> byHash.put(hash(account, k), k));
        List<String> hashes = new ArrayList<>(byHash.keySet());
        Map<ContentKey, FileFindings> found = new HashMap<>(hashes.size() * 2);
        for (int from = 0; from < hashes.size(); from += CHUNK) {
            List<String> chunk = hashes.subList(from, Math.min(hashes.size(), from + CHUNK));
            List<Object> arguments = new ArrayList<>(chunk);
            arguments.add(rulesVersion);
            jdbc.query("select content_key, findings from file_findings where content_key in ("
                    + marks(chunk.size()) + ") and rules_version = ?", row -> {
                        try {
                            found.put(byHash.get(row.getString(1)), FileFindings.decode(row.getString(2)));
                        } catch (IllegalArgumentException unreadable) {
                            log.warn("Findings {} unreadable, the file is checked again: {}", row.getString(1),
                                    unreadable.getMessage());
                        }
                    }, arguments.toArray());
        }
        replayed.addAndGet(found.size());
        return found;
    }

    /**
     * Keeps the findings of files {@code account} published (each content's blob in the store): those it had are
     * left as they are. Another publish keeping the same ones at the same moment costs this one nothing more than
     * those rows: they are the same findings.
     */
    public void keep(AccountId account, Map<ContentKey, FileFindings> checked) {
        Map<String, Row> rows = new HashMap<>();
        checked.forEach((key, findings) -> {
            String text = findings.encode();
            if (text.length() <= LONGEST) {
                rows.put(hash(account, key), new Row(key.sha256(), text));
            }
        });
        List<String> hashes = new ArrayList<>(rows.keySet());
        Collections.sort(hashes); // one order for concurrent publishes of the account
        for (int from = 0; from < hashes.size(); from += CHUNK) {
            List<String> chunk = hashes.subList(from, Math.min(hashes.size(), from + CHUNK));
            try {
                transaction.executeWithoutResult(status -> keepChunk(account, chunk, rows));
            } catch (DataIntegrityViolationException raced) {
                log.debug("Findings kept by another publish meanwhile: {}", raced.getMessage());
            }
        }
    }

    private void keepChunk(AccountId account, List<String> chunk, Map<String, Row> rows) {
        Map<String, Integer> kept = new HashMap<>();
        jdbc.query("select content_key, rules_version from file_findings where content_key in (" + marks(chunk.size())
                + ")", row -> {
                    kept.put(row.getString(1), row.getInt(2));
                }, chunk.toArray());
        List<String> missing = chunk.stream().filter(h -> !kept.containsKey(h)).toList();
        jdbc.batchUpdate("insert into file_findings (content_key, account_id, rules_version, sha256, findings)"
                + " values (?, ?, ?, ?, ?)", missing, missing.size(), (statement, h) -> {
                    statement.setString(1, h);
                    statement.setString(2, account.value());
                    statement.setInt(3, rulesVersion);
                    statement.setString(4, rows.get(h).sha256());
                    statement.setString(5, rows.get(h).findings());
                });
        List<String> older = chunk.stream().filter(h -> kept.containsKey(h) && kept.get(h) != rulesVersion).toList();
        jdbc.batchUpdate("update file_findings set rules_version = ?, findings = ? where content_key = ?", older,
                older.size(), (statement, h) -> {
                    statement.setInt(1, rulesVersion);
                    statement.setString(2, rows.get(h).findings());
                    statement.setString(3, h);
                });
    }

    /** Files whose findings were replayed, since the start. */
    public long replayed() {
        return replayed.get();
    }

    /** Files a publish read back from the blob store to check them, since the start. */
    public long readBack() {
        return readBack.get();
    }

    /** A stored file was read back to be checked (its findings were not kept). */
    void countReadBack() {
        readBack.incrementAndGet();
    }

    /** The row's key: the account, the content's digest, the type it is read as and its path, in one column. */
    private static String hash(AccountId account, ContentKey key) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((account.value() + '\0' + key.sha256() + '\0' + key.essence() + '\0' + key.path())
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String marks(int count) {
        return String.join(",", Collections.nCopies(count, "?"));
    }

    private record Row(String sha256, String findings) {
    }
}
