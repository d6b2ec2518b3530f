package io.sites.app.identity.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;
import io.sites.app.identity.IdentityProperties;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The RSA keys that sign access tokens, kept in {@code oauth_signing_key} so that tokens outlive a restart and every
 * replica signs and verifies with the same keys. A new key signs every {@code rotation} (30 days): its id is the
 * number of the rotation period it starts, so replicas that reach the boundary together insert the same row and
 * all but one lose the race to the primary key, then load the winner. A retired key is still published (JWKS) and
 * accepted for {@link #RETIRED_KEPT} more, well past the last token it signed (tokens live an hour). Keys made by
 * another replica are picked up within {@link #RELOAD}, or at once when a token names an unknown key.
 */
@Component
class SigningKeys implements JWKSource<SecurityContext> {
    static final Duration RETIRED_KEPT = Duration.ofDays(1);
    static final Duration RELOAD = Duration.ofMinutes(1);
    /** An unknown key id reloads at most this often: tokens with made-up ids must not become database load. */
    private static final Duration MISS_RELOAD = Duration.ofSeconds(10);
    private static final String ID_PREFIX = "access-token-rs256-";

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Duration rotation;
    private volatile Loaded loaded;

    /** The keys as last read: all published ones, the newest signs. */
    private record Loaded(JWKSet set, RSAKey signing, Instant signingSince, Instant at) {
    }

    @Autowired
    SigningKeys(JdbcTemplate jdbc, Clock clock, IdentityProperties properties) {
        this(jdbc, clock, properties.oauth().signingKeyRotation());
    }

    SigningKeys(JdbcTemplate jdbc, Clock clock, Duration rotation) {
        if (rotation.compareTo(Duration.ofHours(2)) < 0) {
            throw new IllegalArgumentException("sites.oauth.signing-key-rotation must be at least 2 hours: access "
                    + "tokens live one, and a key must outlive the tokens it signed");
        }
        this.jdbc = jdbc;
        this.clock = clock;
        this.rotation = rotation;
        this.loaded = load();
    }

    /** The key that signs new tokens now: its id goes into the token's header. */
    String signingKeyId() {
        return current().signing().getKeyID();
    }

    RSAPublicKey signingPublicKey() {
        try {
            return current().signing().toRSAPublicKey();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every published key (the JWKS document, the encoder, the decoder): the signing one and the retired ones. */
    @Override
    public List<JWK> get(JWKSelector selector, SecurityContext context) {
        Loaded keys = current();
        List<JWK> found = selector.select(keys.set());
        if (found.isEmpty() && clock.instant().isAfter(keys.at().plus(MISS_RELOAD))) {
            found = selector.select(reload().set());
        }
        return found;
    }

    private Loaded current() {
        Loaded keys = loaded;
        Instant now = clock.instant();
        if (now.isAfter(keys.at().plus(RELOAD)) || !now.isBefore(keys.signingSince().plus(rotation))) {
            return reload();
        }
        return keys;
    }

    private synchronized Loaded reload() {
        Loaded keys = load();
        loaded = keys;
        return keys;
    }

    /** Reads the published keys, first adding this period's key when the newest one is due for retirement. */
    private Loaded load() {
        Instant now = clock.instant();
        List<Stored> stored = stored(now);
        if (stored.isEmpty() || !now.isBefore(stored.getFirst().createdAt().plus(rotation))) {
            insert(ID_PREFIX + now.toEpochMilli() / rotation.toMillis(), now);
            stored = stored(now);
        }
        // A private key nobody may verify with any more is deleted, not kept around.
        jdbc.update("delete from oauth_signing_key where created_at < ?", Timestamp.from(stored.getLast().createdAt()));
        List<JWK> keys = stored.stream().map(Stored::key).map(JWK.class::cast).toList();
        return new Loaded(new JWKSet(keys), stored.getFirst().key(), stored.getFirst().createdAt(), now);
    }

    private record Stored(RSAKey key, Instant createdAt) {
    }

    /** Newest first; a key retired more than {@link #RETIRED_KEPT} ago is no longer read. */
    private List<Stored> stored(Instant now) {
        List<Stored> all = jdbc.query(
                "select id, private_key, public_key, created_at from oauth_signing_key order by created_at desc",
                (rs, n) -> new Stored(rsaKey(rs.getString("id"), rs.getString("private_key"),
                        rs.getString("public_key")), rs.getTimestamp("created_at").toInstant()));
        // A key stops signing when the next one starts; it is dropped RETIRED_KEPT after that.
        return IntStream.range(0, all.size())
                .filter(i -> i == 0 || now.isBefore(all.get(i - 1).createdAt().plus(RETIRED_KEPT)))
                .mapToObj(all::get).toList();
    }

    private void insert(String id, Instant now) {
        KeyPair pair = generate();
        Base64.Encoder base64 = Base64.getEncoder();
        try {
            jdbc.update("insert into oauth_signing_key (id, private_key, public_key, created_at) values (?, ?, ?, ?)",
                    id, base64.encodeToString(pair.getPrivate().getEncoded()),
                    base64.encodeToString(pair.getPublic().getEncoded()), Timestamp.from(now));
        } catch (DuplicateKeyException anotherReplicaWasFirst) {
            // its key is the one everybody uses; ours is dropped
        }
    }

    private static RSAKey rsaKey(String id, String privateKey, String publicKey) {
        try {
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            Base64.Decoder base64 = Base64.getDecoder();
            RSAPublicKey pub = (RSAPublicKey) rsa.generatePublic(new X509EncodedKeySpec(base64.decode(publicKey)));
            RSAPrivateKey priv = (RSAPrivateKey) rsa.generatePrivate(
                    new PKCS8EncodedKeySpec(base64.decode(privateKey)));
            return new RSAKey.Builder(pub).privateKey(priv).keyID(id).build();
        } catch (NoSuchAlgorithmException | InvalidKeySpecException e) {
            throw new IllegalStateException("The stored signing key " + id + " cannot be read", e);
        }
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
