package io.sites.app.identity.oauth;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
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
import java.util.Base64;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The RSA key that signs access tokens, kept in {@code oauth_signing_key} so that tokens outlive a restart and every
 * replica signs and verifies with the same key. The first replica to start inserts it; replicas racing to do so
 * all end up loading the one row the primary key let in.
 */
@Component
class SigningKeys {
    static final String CURRENT = "access-token-rs256-1";

    private final RSAKey key;

    SigningKeys(JdbcTemplate jdbc, Clock clock) {
        this.key = loadOrCreate(jdbc, clock);
    }

    RSAPublicKey publicKey() {
        try {
            return key.toRSAPublicKey();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    JWKSource<SecurityContext> jwkSource() {
        return new ImmutableJWKSet<>(new JWKSet(key));
    }

    private static RSAKey loadOrCreate(JdbcTemplate jdbc, Clock clock) {
        List<RSAKey> stored = load(jdbc);
        if (!stored.isEmpty()) {
            return stored.getFirst();
        }
        KeyPair pair = generate();
        Base64.Encoder base64 = Base64.getEncoder();
        try {
            jdbc.update("insert into oauth_signing_key (id, private_key, public_key, created_at) values (?, ?, ?, ?)",
                    CURRENT, base64.encodeToString(pair.getPrivate().getEncoded()),
                    base64.encodeToString(pair.getPublic().getEncoded()), Timestamp.from(clock.instant()));
        } catch (DuplicateKeyException anotherReplicaWasFirst) {
            // its key is the one everybody uses; ours is dropped
        }
        return load(jdbc).getFirst();
    }

    private static List<RSAKey> load(JdbcTemplate jdbc) {
        return jdbc.query("select id, private_key, public_key from oauth_signing_key where id = ?",
                (rs, n) -> rsaKey(rs.getString("id"), rs.getString("private_key"), rs.getString("public_key")),
                CURRENT);
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
