package io.sites.site.tls;

import java.time.Instant;
import java.util.Optional;

/**
 * What a domain listing shows of HTTPS: the certificate stored for a hostname (its expiry and issuer) and, while none
 * replaced it, why the last order failed. Read from the rows every replica shares, so any API replica shows it.
 */
public final class DomainCertificates {
    private final CertificateRows rows;

    DomainCertificates(CertificateRows rows) {
        this.rows = rows;
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
