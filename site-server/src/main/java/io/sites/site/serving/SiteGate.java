package io.sites.site.serving;

import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import io.sites.site.directory.SiteDirectory.Site;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Asks for a protected site's password with HTTP Basic (any user name). The slow hash runs once per distinct
 * credentials: a success is remembered by a SHA-256 of site, stored hash and header, so a changed password
 * forgets it. Failures are throttled per site and client address in the shared rate window, so that every replica
 * refuses the same guesser. Only an attempt with credentials not yet verified here reads or counts in the database:
 * open sites and remembered credentials never touch it.
 */
final class SiteGate {
    enum Outcome { OPEN, ASK, THROTTLED }

    static final int FAILURES_PER_MINUTE = 10;
    private static final int REMEMBERED = 10_000;

    private final PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
    private final Map<String, Boolean> verified = new ConcurrentHashMap<>();
    private final RateWindow failures;

    SiteGate(RateWindows windows) {
        this.failures = windows.window("site-password", Duration.ofMinutes(1), FAILURES_PER_MINUTE);
    }

    Outcome check(Site site, String authorization, String clientAddress) {
        if (site.passwordHash() == null) {
            return Outcome.OPEN;
        }
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return Outcome.ASK;
        }
        String key = sha256(site.websiteId().value() + "\n" + site.passwordHash() + "\n" + authorization);
        if (verified.containsKey(key)) {
            return Outcome.OPEN;
        }
        String failureKey = site.slug() + "\n" + clientAddress;
        if (failures.spent(failureKey)) {
            return Outcome.THROTTLED;
        }
        String password = password(authorization.substring(6).trim());
        if (password != null && encoder.matches(password, site.passwordHash())) {
            if (verified.size() >= REMEMBERED) {
                verified.clear();
            }
            verified.put(key, Boolean.TRUE);
            return Outcome.OPEN;
        }
        failures.take(failureKey, 1);
        return Outcome.ASK;
    }

    private static String password(String credentials) {
        try {
            String decoded = new String(Base64.getDecoder().decode(credentials), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 ? null : decoded.substring(colon + 1);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
