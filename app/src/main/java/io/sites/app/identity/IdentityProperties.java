package io.sites.app.identity;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What accounts, tokens and the OAuth authorization server read of {@code sites.*}: the seeded tokens, the signing
 * key's rotation and the sign-up and client registration throttles. Each has an environment variable of its own
 * (SITES_SEED_TOKENS, SITES_SIGNING_KEY_ROTATION, SITES_SIGN_UPS_PER_HOUR, SITES_CLIENT_REGISTRATIONS_PER_HOUR),
 * mapped with its default in application.yml.
 *
 * @param seedTokens {@code token:username} pairs, comma-separated; empty: none
 */
@ConfigurationProperties("sites")
public record IdentityProperties(String seedTokens, OAuth oauth, Limits limits) {

    /** @param signingKeyRotation a new key signs access tokens this often */
    public record OAuth(Duration signingKeyRotation) {
    }

    public record Limits(int signUpsPerHour, int clientRegistrationsPerHour) {
    }
}
