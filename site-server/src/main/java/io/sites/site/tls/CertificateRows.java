package io.sites.site.tls;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;

/**
 * The rows of HTTPS (V2026_11_28_95): served certificates, HTTP-01 answers, the order leases with their back-off,
 * and the ACME account's key. Every replica reads and writes the same rows, which is what lets any replica answer a
 * challenge, serve a certificate another ordered, or start with every certificate already issued.
 */
final class CertificateRows {
    private final JdbcTemplate jdbc;

    CertificateRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One certificate: its chain (PEM), its private key sealed (PKCS#8), and what listings show of it. */
    record Stored(String hostname, String chainPem, String keySealed, String issuer, Instant notBefore,
            Instant notAfter, Instant issuedAt) {

        /** Renewed at two thirds of its lifetime, as the CAs advise. */
        Instant renewAt() {
            return notBefore.plus(Duration.between(notBefore, notAfter).multipliedBy(2).dividedBy(3));
        }
    }

    /** A certificate's name and when it was issued: what a replica compares to what it holds in memory. */
    record Stamp(String hostname, Instant issuedAt) {
    }

    List<Stamp> stamps() {
        return jdbc.query("select hostname, issued_at from tls_certificate",
                (rs, row) -> new Stamp(rs.getString(1), rs.getTimestamp(2).toInstant()));
    }

    Optional<Stored> certificate(String hostname) {
        return jdbc.query("select hostname, chain_pem, key_sealed, issuer, not_before, not_after, issued_at"
                + " from tls_certificate where hostname = ?", (rs, row) -> new Stored(rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getTimestamp(5).toInstant(),
                        rs.getTimestamp(6).toInstant(), rs.getTimestamp(7).toInstant()), hostname)
                .stream().findFirst();
    }

    void save(Stored certificate) {
        Object[] values = {certificate.chainPem(), certificate.keySealed(), certificate.issuer(),
                Timestamp.from(certificate.notBefore()), Timestamp.from(certificate.notAfter()),
                Timestamp.from(certificate.issuedAt()), certificate.hostname()};
        if (jdbc.update("update tls_certificate set chain_pem = ?, key_sealed = ?, issuer = ?, not_before = ?,"
                + " not_after = ?, issued_at = ? where hostname = ?", values) == 0) {
            jdbc.update("insert into tls_certificate (chain_pem, key_sealed, issuer, not_before, not_after, issued_at,"
                    + " hostname) values (?, ?, ?, ?, ?, ?, ?)", values);
        }
    }

    /**
     * A hostname no longer served: its certificate and its order go, unless newer than {@code before} or held under
     * a lease (a replica whose directory is a moment behind must not undo a just-verified domain's order).
     */
    void forget(String hostname, Instant before, Instant now) {
        jdbc.update("delete from tls_certificate where hostname = ? and issued_at < ?", hostname,
                Timestamp.from(before));
        jdbc.update("delete from acme_order where hostname = ? and (holder is null or lease_until < ?)", hostname,
                Timestamp.from(now));
    }

    List<String> certifiedHostnames() {
        return jdbc.queryForList("select hostname from tls_certificate union select hostname from acme_order",
                String.class);
    }

    /** A pending challenge as {@link #challenges} hands it over. */
    interface ChallengeRow {
        void accept(String token, String hostname, String keyAuthorization);
    }

    /** Every pending challenge: a handful at most (one per order under way), read whole by each replica. */
    void challenges(ChallengeRow each) {
        jdbc.query("select token, hostname, key_authz from acme_challenge", (RowCallbackHandler) rs -> each.accept(
                rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    /** Answers left by a replica that died mid-order: the CA has long stopped asking for them. */
    void forgetChallengesBefore(Instant before) {
        jdbc.update("delete from acme_challenge where created_at < ?", Timestamp.from(before));
    }

    void saveChallenge(String token, String keyAuthorization, String hostname, Instant now) {
        jdbc.update("delete from acme_challenge where token = ?", token);
        jdbc.update("insert into acme_challenge (token, key_authz, hostname, created_at) values (?, ?, ?, ?)", token,
                keyAuthorization, hostname, Timestamp.from(now));
    }

    void deleteChallenge(String token) {
        jdbc.update("delete from acme_challenge where token = ?", token);
    }

    /**
     * Takes the hostname's order for {@code holder} until {@code until}, when no other replica holds it and its
     * back-off has passed: one conditional update, so of two replicas only one wins. The failures so far, or -1 when
     * the lease was not taken.
     */
    int lease(String hostname, String holder, Instant now, Instant until) {
        try {
            jdbc.update("insert into acme_order (hostname, holder, lease_until, failures, next_attempt)"
                    + " values (?, null, null, 0, ?)", hostname, Timestamp.from(now));
        } catch (DuplicateKeyException exists) {
            // the row is there: the update below decides
        }
        int taken = jdbc.update("update acme_order set holder = ?, lease_until = ? where hostname = ?"
                + " and next_attempt <= ? and (holder is null or lease_until < ?)", holder, Timestamp.from(until),
                hostname, Timestamp.from(now), Timestamp.from(now));
        if (taken == 0) {
            return -1;
        }
        return jdbc.queryForObject("select failures from acme_order where hostname = ?", Integer.class, hostname);
    }

    void succeeded(String hostname, String holder) {
        jdbc.update("delete from acme_order where hostname = ? and holder = ?", hostname, holder);
    }

    /** Gives the lease back without counting a failure (the replica is stopping). */
    void release(String hostname, String holder) {
        jdbc.update("update acme_order set holder = null, lease_until = null where hostname = ? and holder = ?",
                hostname, holder);
    }

    void failed(String hostname, String holder, String reason, Instant nextAttempt) {
        jdbc.update("update acme_order set holder = null, lease_until = null, failures = failures + 1,"
                + " next_attempt = ?, reason = ? where hostname = ? and holder = ?", Timestamp.from(nextAttempt),
                reason.length() > 1000 ? reason.substring(0, 1000) : reason, hostname, holder);
    }

    /** The last order's failure, while no certificate replaced it. */
    Optional<String> failure(String hostname) {
        return jdbc.queryForList("select reason from acme_order where hostname = ? and reason is not null",
                String.class, hostname).stream().findFirst();
    }

    Optional<String> accountKey(String directory) {
        return jdbc.queryForList("select key_sealed from acme_account where directory = ?", String.class, directory)
                .stream().findFirst();
    }

    /** Stores a new account key unless another replica stored one first; the key to use either way. */
    String saveAccountKey(String directory, String sealed, Instant now) {
        try {
            jdbc.update("insert into acme_account (directory, key_sealed, created_at) values (?, ?, ?)", directory,
                    sealed, Timestamp.from(now));
        } catch (DuplicateKeyException anotherReplicaWasFirst) {
            // its key is the account every replica uses
        }
        return accountKey(directory).orElseThrow();
    }
}
