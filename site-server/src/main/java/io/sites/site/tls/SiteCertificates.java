package io.sites.site.tls;

import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.util.Mapping;
import io.sites.site.directory.SiteDirectory;
import io.sites.site.serving.SecureHosts;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The certificates this replica serves, by SNI, from memory: the operator's wildcard for {@code *.{site_host}} (PEM
 * files, read again when they change) and each served custom hostname's own. A handshake only reads a map; the
 * database is read by {@link #refresh()}, on a background thread every {@code sites.tls.refresh}, and at once by
 * the replica that has just stored a certificate. A hostname the directory no longer serves gets no certificate,
 * whatever the rows hold: its removal stops HTTPS on every replica as soon as the replica has read it. ACME's
 * challenges are answered from memory too ({@link AcmeChallenges}).
 */
public final class SiteCertificates implements Mapping<String, SslContext>, SecureHosts {
    private static final Logger log = LoggerFactory.getLogger(SiteCertificates.class);

    private record Held(Instant issuedAt, Instant notAfter, SslContext context) {
    }

    private final CertificateRows rows;
    private final AcmeChallenges challenges;
    private final SealedKeys keys;
    private final SiteDirectory directory;
    private final String siteHostSuffix;
    private final Path wildcardCertificate;
    private final Path wildcardKey;
    private final Map<String, Held> byHost = new ConcurrentHashMap<>();
    private volatile SslContext wildcard;
    /**
     * The answer to a name with no certificate here (and no wildcard): a self-signed one no client trusts, so the
     * handshake fails at the client, as it should, rather than in the server.
     */
    private final SslContext nobody;
    private volatile String wildcardStamp = "";
    private String failedWildcard;
    private boolean warnedWildcard;

    SiteCertificates(CertificateRows rows, AcmeChallenges challenges, SealedKeys keys, SiteDirectory directory,
            String siteHost, Path wildcardCertificate, Path wildcardKey) {
        this.rows = rows;
        this.challenges = challenges;
        this.keys = keys;
        this.directory = directory;
        this.siteHostSuffix = "." + siteHost.toLowerCase(Locale.ROOT);
        this.wildcardCertificate = wildcardCertificate;
        this.wildcardKey = wildcardKey;
        try {
            io.netty.handler.ssl.util.SelfSignedCertificate self = new io.netty.handler.ssl.util.SelfSignedCertificate(
                    "no-certificate.invalid");
            this.nobody = server(SslContextBuilder.forServer(self.key(), self.cert())).build();
            log.info("TLS through {}", OpenSsl.isAvailable() ? OpenSsl.versionString() : "the JDK's engine");
        } catch (Exception e) {
            throw new IllegalStateException("Could not make the stand-in certificate", e);
        }
    }

    /**
     * The JDK's engine unless netty-tcnative's OpenSSL/BoringSSL is on the class path; TLS 1.2 and 1.3 only; ALPN
     * offers h2, then HTTP/1.1 (a client without ALPN gets HTTP/1.1).
     */
    static SslContextBuilder server(SslContextBuilder builder) {
        return builder.sslProvider(OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK)
                .protocols("TLSv1.3", "TLSv1.2")
                .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1));
    }

    /** SNI: a served custom hostname's own certificate, else the wildcard (also without SNI); null when none. */
    @Override
    public SslContext map(String serverName) {
        if (serverName != null) {
            String name = serverName.toLowerCase(Locale.ROOT);
            Held held = byHost.get(name);
            if (held != null && directory.slugAt(name).isPresent()) {
                return held.context();
            }
        }
        SslContext any = wildcard;
        return any != null ? any : nobody;
    }

    @Override
    public boolean redirects(String host) {
        return host != null && !host.endsWith(siteHostSuffix) && byHost.containsKey(host.toLowerCase(Locale.ROOT))
                && directory.slugAt(host).isPresent();
    }

    @Override
    public Optional<String> challenge(String host, String token) {
        return challenges.answer(host, token);
    }

    /**
     * Reads what changed: the wildcard's files when their size or time changed, each hostname's certificate when
     * its issue time differs from the one held; drops those whose rows are gone. A certificate that cannot be read
     * keeps the one held.
     */
    public synchronized void refresh() {
        reloadWildcard();
        Set<String> present = new HashSet<>();
        for (CertificateRows.Stamp stamp : rows.stamps()) {
            present.add(stamp.hostname());
            Held held = byHost.get(stamp.hostname());
            if (held != null && held.issuedAt().equals(stamp.issuedAt())) {
                continue;
            }
            rows.certificate(stamp.hostname()).ifPresent(stored -> {
                try {
                    byHost.put(stored.hostname(), new Held(stored.issuedAt(), stored.notAfter(), context(stored)));
                } catch (Exception e) {
                    log.warn("Could not load the certificate of {}: {}", stored.hostname(), e.toString());
                }
            });
        }
        byHost.keySet().retainAll(present);
    }

    /** The expiry of the certificate held for a hostname: what this replica serves now. */
    public Optional<Instant> heldUntil(String hostname) {
        Held held = byHost.get(hostname);
        return held == null ? Optional.empty() : Optional.of(held.notAfter());
    }

    private SslContext context(CertificateRows.Stored stored) throws Exception {
        X509Certificate[] chain = chain(stored.chainPem());
        PrivateKey key = privateKey(keys.open(stored.keySealed()), chain[0]);
        return server(SslContextBuilder.forServer(key, chain)).build();
    }

    static X509Certificate[] chain(String pem) throws Exception {
        return CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII))).stream()
                .map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
    }

    static PrivateKey privateKey(byte[] pkcs8, X509Certificate leaf) throws Exception {
        return KeyFactory.getInstance(leaf.getPublicKey().getAlgorithm()).generatePrivate(
                new PKCS8EncodedKeySpec(pkcs8));
    }

    private void reloadWildcard() {
        if (wildcardCertificate == null || wildcardKey == null) {
            return;
        }
        try {
            String stamp = Files.getLastModifiedTime(wildcardCertificate) + "/" + Files.size(wildcardCertificate) + "/"
                    + Files.getLastModifiedTime(wildcardKey) + "/" + Files.size(wildcardKey);
            if (stamp.equals(wildcardStamp)) {
                return;
            }
            wildcard = server(SslContextBuilder.forServer(wildcardCertificate.toFile(), wildcardKey.toFile()))
                    .build();
            wildcardStamp = stamp;
            log.info("Serving HTTPS for *{} with {}", siteHostSuffix, wildcardCertificate);
        } catch (Exception e) {
            // A pair caught half-written (a renewal under way) keeps the one held and is read again next time; only
            // files that stay unreadable are the operator's to hear about, once.
            String stamp = wildcardCertificate + "@" + e;
            if (stamp.equals(failedWildcard) && !warnedWildcard) {
                warnedWildcard = true;
                log.warn("Could not read the wildcard certificate {} with {}: {}", wildcardCertificate, wildcardKey,
                        e.toString());
            } else if (!stamp.equals(failedWildcard)) {
                failedWildcard = stamp;
                warnedWildcard = false;
                log.debug("The wildcard certificate could not be read yet: {}", e.toString());
            }
        }
    }
}
