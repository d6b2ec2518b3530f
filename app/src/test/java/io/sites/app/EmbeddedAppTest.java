package io.sites.app;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/** The service on a real port on the embedded default: H2 file database and blob directory, no profile. */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Tests publish far faster, and create far more websites, than people; subclasses that test a limit lower it.
@TestPropertySource(properties = {"sites.limits.publishes-per-minute=100000",
        "sites.limits.websites-per-account=100000", "sites.limits.sign-ups-per-hour=100000",
        "sites.limits.client-registrations-per-hour=100000", "sites.drafts.per-hour=100000",
        "sites.webhooks.registrations-per-minute=100000",
        "sites.quota.requests-second=1000000"})
public abstract class EmbeddedAppTest {
    public static final String ALICE = PostgresAppTest.ALICE;
    public static final String BOB = PostgresAppTest.BOB;

    @LocalServerPort
    public int port;
    @Autowired
    ApplicationContext context;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path data = Files.createTempDirectory("sites-embedded-test");
        registry.add("sites.data-dir", data::toString);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.seed-tokens", () -> "alice=" + ALICE + ",bob=" + BOB);
    }

    public Http http() {
        return new Http(port);
    }

    /** A bean of the running service: what the tests that run on both databases ask for by type. */
    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }
}
