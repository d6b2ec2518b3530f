package io.sites.site.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals private keys (the ACME account's, the certificates') and webhooks' signing secrets before they reach the
 * database: AES-256-GCM under a key from configuration, so a copy of the database alone gives no key away. The
 * sealed form names its version, so the scheme can change without guessing.
 */
public final class SealedKeys {
    private static final String VERSION = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    SealedKeys(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("sites.tls.key-encryption-key must be base64 of 32 bytes");
        }
        this.key = new SecretKeySpec(key, "AES");
    }

    /**
     * The configured key, or else the one in {@code tls-key-encryption.key} in the data directory, made on first use
     * (readable by the owner only): enough for one process; replicas need the same configured key.
     */
    public static SealedKeys configured(String base64, Path dataDir) {
        if (base64 != null && !base64.isBlank()) {
            return new SealedKeys(Base64.getDecoder().decode(base64.trim()));
        }
        Path file = dataDir.resolve("tls-key-encryption.key");
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                byte[] fresh = new byte[32];
                RANDOM.nextBytes(fresh);
                Path made = Files.createTempFile(dataDir, "tls-key", ".tmp");
                try {
                    Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException notPosix) {
                    // the data directory's own permissions are all there is
                }
                Files.writeString(made, Base64.getEncoder().encodeToString(fresh), StandardOpenOption.WRITE);
                try {
                    // A link fails when the file exists: of two processes starting together, the first one's key wins.
                    Files.createLink(file, made);
                } catch (java.nio.file.FileAlreadyExistsException anotherWasFirst) {
                    // its key is read below
                } finally {
                    Files.deleteIfExists(made);
                }
            }
            return new SealedKeys(Base64.getDecoder().decode(Files.readString(file).trim()));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read or make " + file, e);
        }
    }

    public String seal(byte[] plain) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            RANDOM.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plain);
            byte[] out = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return VERSION + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not seal a key", e);
        }
    }

    public byte[] open(String sealed) throws GeneralSecurityException {
        if (!sealed.startsWith(VERSION)) {
            throw new GeneralSecurityException("Unknown sealed key format");
        }
        byte[] in = Base64.getDecoder().decode(sealed.substring(VERSION.length()));
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
        return cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES);
    }
}
