package io.sites.site.serving;

import java.util.Optional;

/**
 * What serving asks of HTTPS (the tls room answers): whether plain HTTP at a custom hostname moves to HTTPS (it has
 * a certificate served now), and the answer to an ACME HTTP-01 challenge, which the CA asks over plain HTTP.
 */
public interface SecureHosts {
    /** RFC 8555 §8.3: where the CA asks for a token's key authorization. */
    String CHALLENGE_PATH = "/.well-known/acme-challenge/";

    /** Nothing served over HTTPS: no redirect, no challenge answered. */
    SecureHosts NONE = new SecureHosts() {
        @Override
        public boolean redirects(String host) {
            return false;
        }

        @Override
        public Optional<String> challenge(String host, String token) {
            return Optional.empty();
        }
    };

    /** Whether plain HTTP requests at this custom hostname are sent to HTTPS; from memory, never blocks. */
    boolean redirects(String host);

    /**
     * The key authorization a challenge token is answered with at this host (a token ordered for another hostname
     * is not answered here); from memory, never blocks, so a flood of made-up tokens costs no database read.
     */
    Optional<String> challenge(String host, String token);
}
