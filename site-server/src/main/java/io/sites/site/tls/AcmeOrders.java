package io.sites.site.tls;

import io.sites.replica.RepeatedWork;
import io.sites.site.directory.SiteDirectory;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.shredzone.acme4j.Account;
import org.shredzone.acme4j.AccountBuilder;
import org.shredzone.acme4j.Authorization;
import org.shredzone.acme4j.Certificate;
import org.shredzone.acme4j.Order;
import org.shredzone.acme4j.Problem;
import org.shredzone.acme4j.Session;
import org.shredzone.acme4j.Status;
import org.shredzone.acme4j.challenge.Http01Challenge;
import org.shredzone.acme4j.exception.AcmeException;
import org.shredzone.acme4j.provider.AcmeProvider;
import org.shredzone.acme4j.util.KeyPairUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Orders certificates from the ACME CA (RFC 8555, acme4j) for every custom hostname the directory serves: a new one
 * when a domain is verified, a renewal at two thirds of the lifetime. Every replica looks every {@code
 * order-interval}; the lease in {@code acme_order} lets one order a hostname at a time, and a replica that dies
 * mid-order leaves a lease that expires, after which another orders again. HTTP-01's answer goes to the database
 * and, through {@link AcmeChallenges}, into every replica's memory before the CA is asked to validate, so whichever
 * replica the CA reaches answers it. A failure backs off (doubling from one interval up to a day) and its reason
 * shows on the domain. Stopped without an interrupt ({@link BackgroundWork}): one inside an embedded H2 write would
 * close the database.
 */
final class AcmeOrders implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(AcmeOrders.class);
    private static final Duration LONGEST_BACK_OFF = Duration.ofDays(1);
    private static final Duration FORGET_AFTER = Duration.ofMinutes(1);
    /** A challenge row this old was left by a replica that died mid-order; the CA stopped asking long ago. */
    private static final Duration STALE_CHALLENGE = Duration.ofHours(1);

    private final CertificateRows rows;
    private final AcmeChallenges challenges;
    private final SealedKeys keys;
    private final SiteCertificates certificates;
    private final SiteDirectory directory;
    private final String directoryUrl;
    private final AcmeProvider provider;
    private final String email;
    private final String holder;
    private final Duration interval;
    private final Duration lease;
    private final Duration validationTimeout;
    private final Clock clock;
    private final RepeatedWork rounds;
    private volatile boolean stopping;

    record Settings(String directoryUrl, AcmeProvider provider, String email, String holder, Duration interval,
            Duration lease, Duration validationTimeout) {
    }

    AcmeOrders(CertificateRows rows, AcmeChallenges challenges, SealedKeys keys, SiteCertificates certificates,
            SiteDirectory directory, Settings settings, Clock clock) {
        this.rows = rows;
        this.challenges = challenges;
        this.keys = keys;
        this.certificates = certificates;
        this.directory = directory;
        this.directoryUrl = settings.directoryUrl();
        this.provider = settings.provider();
        this.email = settings.email();
        this.holder = settings.holder();
        this.interval = settings.interval();
        this.rounds = new RepeatedWork("acme-orders", interval, this::round);
        this.lease = settings.lease();
        this.validationTimeout = settings.validationTimeout();
        this.clock = clock;
        // acme4j makes keys and CSRs through BouncyCastle's provider, by name.
        if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    @Override
    public void start() {
        stopping = false;
        rounds.start();
    }

    @Override
    public void stop() {
        stopping = true;
        rounds.stop();
    }

    @Override
    public boolean isRunning() {
        return rounds.isRunning();
    }

    /** One look at every served hostname; never throws, so the schedule goes on. */
    void round() {
        try {
            if (!directory.isCaughtUp()) {
                return;
            }
            Set<String> served = directory.servedHostnames();
            Instant now = clock.instant();
            for (String hostname : rows.certifiedHostnames()) {
                if (!served.contains(hostname)) {
                    rows.forget(hostname, now.minus(FORGET_AFTER), now);
                }
            }
            rows.forgetChallengesBefore(now.minus(STALE_CHALLENGE));
            for (String hostname : served) {
                if (stopping) {
                    return;
                }
                certify(hostname);
            }
        } catch (RuntimeException e) {
            // The database away for a moment: the next round tries again.
            log.info("Certificate orders paused this round: {}", e.toString());
        }
    }

    /** Orders the hostname's certificate when it has none or its renewal is due, and this replica takes the lease. */
    void certify(String hostname) {
        Instant now = clock.instant();
        CertificateRows.Stored held = rows.certificate(hostname).orElse(null);
        if (held != null && now.isBefore(held.renewAt())) {
            return;
        }
        int failures = rows.lease(hostname, holder, now, now.plus(lease));
        if (failures < 0) {
            return;
        }
        try {
            order(hostname);
            rows.succeeded(hostname, holder);
            certificates.refresh();
        } catch (InterruptedException interrupted) {
            rows.release(hostname, holder);
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            Duration backOff = interval.multipliedBy(1L << Math.min(failures, 20));
            backOff = backOff.compareTo(LONGEST_BACK_OFF) > 0 ? LONGEST_BACK_OFF : backOff;
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            log.info("Could not obtain a certificate for {} (attempt {}; next in {}): {}", hostname, failures + 1,
                    backOff, reason);
            rows.failed(hostname, holder, reason, clock.instant().plus(backOff));
        }
    }

    private void order(String hostname) throws Exception {
        Session session = new Session(URI.create(directoryUrl), provider);
        AccountBuilder builder = new AccountBuilder().agreeToTermsOfService().useKeyPair(accountKey());
        if (email != null && !email.isBlank()) {
            builder.addEmail(email);
        }
        Account account = builder.create(session);
        Order order = account.newOrder().domain(hostname).create();
        for (Authorization authorization : order.getAuthorizations()) {
            if (authorization.getStatus() != Status.VALID) {
                validate(hostname, authorization);
            }
        }
        KeyPair domainKey = KeyPairUtils.createECKeyPair("secp256r1");
        order.execute(domainKey);
        Status status = order.waitForCompletion(validationTimeout);
        if (status != Status.VALID) {
            throw new AcmeException("The order ended " + status + problem(order.getError().orElse(null)));
        }
        Certificate certificate = order.getCertificate();
        StringWriter chain = new StringWriter();
        certificate.writeCertificate(chain);
        X509Certificate leaf = certificate.getCertificate();
        rows.save(new CertificateRows.Stored(hostname, chain.toString(), keys.seal(domainKey.getPrivate().getEncoded()),
                leaf.getIssuerX500Principal().getName(), leaf.getNotBefore().toInstant(),
                leaf.getNotAfter().toInstant(), clock.instant()));
        log.info("Obtained a certificate for {} until {}", hostname, leaf.getNotAfter().toInstant());
    }

    /**
     * HTTP-01: the answer in the database and this replica's memory first, then, once every replica has read it,
     * the CA asked to look, then the answer removed.
     */
    private void validate(String hostname, Authorization authorization) throws Exception {
        Http01Challenge challenge = authorization.findChallenge(Http01Challenge.class)
                .orElseThrow(() -> new AcmeException("The CA offers no http-01 challenge"));
        challenges.place(challenge.getToken(), challenge.getAuthorization(), hostname, clock.instant());
        try {
            Thread.sleep(challenges.propagation());
            challenge.trigger();
            Status status = authorization.waitForCompletion(validationTimeout);
            if (status != Status.VALID) {
                throw new AcmeException("The CA could not validate http://" + hostname
                        + "/.well-known/acme-challenge/" + problem(challenge.getError().orElse(null)));
            }
        } finally {
            challenges.withdraw(challenge.getToken());
        }
    }

    private static String problem(Problem problem) {
        return problem == null ? "" : ": " + problem.getDetail().orElse(problem.getType().toString());
    }

    /** The account's key pair: one per CA for all replicas, made by the first that needs it. */
    private KeyPair accountKey() throws Exception {
        String sealed = rows.accountKey(directoryUrl).orElse(null);
        if (sealed == null) {
            StringWriter pem = new StringWriter();
            KeyPairUtils.writeKeyPair(KeyPairUtils.createECKeyPair("secp256r1"), pem);
            sealed = rows.saveAccountKey(directoryUrl, keys.seal(pem.toString().getBytes(StandardCharsets.US_ASCII)),
                    clock.instant());
        }
        return KeyPairUtils.readKeyPair(new StringReader(new String(keys.open(sealed), StandardCharsets.US_ASCII)));
    }
}
