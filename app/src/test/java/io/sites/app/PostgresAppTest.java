package io.sites.app;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The service on a real port, on PostgreSQL and filesystem blobs. Subclasses with the same configuration share one
 * context; each context has a database of its own. Cached contexts keep running (spring.properties: no pausing),
 * so on one database they would be replicas of one fleet, balancing the read model's segments among themselves
 * while the tests of one of them count owners and wait for their writes; the tests that want a fleet start it.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Tests publish far faster, and create far more websites, than people; subclasses that test a limit lower it.
@TestPropertySource(properties = {"sites.limits.publishes-per-minute=100000",
        "sites.limits.websites-per-account=100000", "sites.limits.sign-ups-per-hour=100000",
        "sites.limits.client-registrations-per-hour=100000", "sites.drafts.per-hour=100000",
        "sites.webhooks.registrations-per-minute=100000",
        "sites.quota.requests-second=1000000"})
@ActiveProfiles("postgres")
public abstract class PostgresAppTest {
    public static final String ALICE = "sites_pat_alice0000000000000000000000000000000";
    public static final String BOB = "bob-token-without-prefix-0123456789abcdef";

    @LocalServerPort
    public int port;
    @Autowired
    ApplicationContext context;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        // Called once per context, when it is made.
        String database = PostgresTestDatabase.create();
        Path data = Files.createTempDirectory("sites-pg-test");
        registry.add("spring.datasource.url", () -> database);
        registry.add("spring.datasource.username", PostgresTestDatabase::user);
        registry.add("sites.data-dir", data::toString);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.seed-tokens", () -> "alice=" + ALICE + ",bob=" + BOB);
        // Small enough that the races below take and load snapshots.
        registry.add("sites.snapshot-every", () -> "5");
    }

    public Http http() {
        return new Http(port);
    }

    /** A bean of the running service: what the tests that run on both databases ask for by type. */
    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }
}
