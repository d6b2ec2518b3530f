package io.sites.api.site;

import io.sites.api.id.WebsiteId;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A preview grant: who holds it may see one stored version of one website until it expires. It is
 * {@code {expiry}.{mac}}, the expiry in epoch seconds and the mac an HMAC-SHA256 over website id, version number and
 * expiry under the key every replica shares, so the site server checks it in memory, without a lookup. The API mints
 * one with a fresh {@link #LIFETIME} on every read of a version; the site server checks it, and keeps it in a
 * cookie on the version's own host.
 */
public final class PreviewGrant {
    /** How long a freshly read previewUrl works. */
    public static final Duration LIFETIME = Duration.ofDays(7);
    /** The query parameter of a previewUrl; a site's own parameters of this name are not served to it. */
    public static final String PARAMETER = "preview_grant";
    private static final String ALGORITHM = "HmacSHA256";
    private static final int MAC_BYTES = 32;
    /** Epoch seconds stay within 11 digits for millennia; a longer number is no grant of ours. */
    private static final int MAX_EXPIRY_DIGITS = 11;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** Whether versions other than the live one need a grant ({@code SITES_PREVIEWS}). */
    public enum Access {
        /** The default: a version that is not live is served only with a grant. */
        PRIVATE,
        /** Every stored version is served to anyone at its host, as before grants existed. */
        PUBLIC
    }

    private final SecretKeySpec key;
    /**
     * A Mac is not thread-safe and costly to look up: keyed ones are reused, as many as run at once. Not per thread:
     * the site server checks on virtual threads too, each new.
     */
    private final Queue<Mac> idle = new ConcurrentLinkedQueue<>();

    public PreviewGrant(byte[] key) {
        if (key.length < MAC_BYTES) {
            throw new IllegalArgumentException("A preview key has at least " + MAC_BYTES + " bytes");
        }
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
    }

    /** A grant for this version of this website until {@code expires} (whole seconds). */
    public String mint(WebsiteId website, int version, Instant expires) {
        long expiry = expires.getEpochSecond();
        return expiry + "." + ENCODER.encodeToString(mac(website, version, expiry));
    }

    /**
     * Whether the grant was minted here for this version of this website and has not expired at {@code now}.
     * Anything malformed is simply not a grant; the macs are compared in constant time.
     */
    public boolean admits(String grant, WebsiteId website, int version, Instant now) {
        long expiry = expiry(grant);
        if (expiry <= now.getEpochSecond()) {
            return false;
        }
        byte[] presented;
        try {
            presented = DECODER.decode(grant.substring(grant.indexOf('.') + 1));
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        return presented.length == MAC_BYTES && MessageDigest.isEqual(presented, mac(website, version, expiry));
    }

    /** The expiry in epoch seconds a well-formed grant names, or -1. */
    public static long expiry(String grant) {
        if (grant == null) {
            return -1;
        }
        int dot = grant.indexOf('.');
        if (dot < 1 || dot > MAX_EXPIRY_DIGITS) {
            return -1;
        }
        long expiry = 0;
        for (int i = 0; i < dot; i++) {
            char c = grant.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            expiry = expiry * 10 + (c - '0');
        }
        return expiry;
    }

    private byte[] mac(WebsiteId website, int version, long expiry) {
        // The purpose first, so that this key's macs can never pass for another use of the same construction.
        String message = "sites-preview\n" + website.value() + "\n" + version + "\n" + expiry;
        Mac mac = idle.poll();
        if (mac == null) {
            mac = newMac();
        }
        try {
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } finally {
            idle.offer(mac);
        }
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
