package io.sites.site.tls;

import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What a domain listing shows of HTTPS: the certificate stored for a hostname (its expiry and issuer) and, while none
 * replaced it, why the last order failed. Read from the rows every replica shares, so any API replica shows it.
 */
public final class DomainCertificates {
    private final CertificateRows rows;

    private DomainCertificates(CertificateRows rows) {
        this.rows = rows;
    }

    /** Made by the API's own code: an API-only replica scans no site-server room, but shares the database. */
    public static DomainCertificates of(JdbcTemplate jdbc) {
        return new DomainCertificates(new CertificateRows(jdbc));
    }

    /** A stored certificate as listings show it. */
    public record Issued(Instant notAfter, String issuer) {
    }

    public Optional<Issued> issued(String hostname) {
        return rows.certificate(hostname).map(stored -> new Issued(stored.notAfter(), stored.issuer()));
    }

    public Optional<String> failure(String hostname) {
        return rows.failure(hostname);
    }
}
