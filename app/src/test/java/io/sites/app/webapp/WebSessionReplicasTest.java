package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.PostgresAppTest;
import io.sites.app.SitesApplication;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two replicas on one PostgreSQL database, no session affinity: a person who signs up on one is signed in on the
 * other, a form posted there passes its CSRF check, and signing out on one signs out everywhere.
 */
class WebSessionReplicasTest extends PostgresAppTest {
    private static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int serverPort;

    @Autowired
    Environment environment;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aSessionStartedOnOneReplicaIsTheSameSessionOnAnother() throws Exception {
        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(SitesApplication.class)
                .profiles("postgres")
                // Arguments, not default properties: they must win over application-postgres.yml.
                .run("--server.port=0",
                        "--spring.datasource.url=" + environment.getRequiredProperty("spring.datasource.url"),
                        "--spring.datasource.username=" + environment.getRequiredProperty("spring.datasource.username"),
                        "--sites.data-dir=" + Files.createTempDirectory("sites-replica-b"),
                        "--sites.site-host=localhost",
                        "--sites.site-server.replica=b",
                        "--sites.limits.sign-ups-per-hour=100000")) {
            int otherPort = ((WebServerApplicationContext) other).getWebServer().getPort();

            Browser browser = new Browser(serverPort, "127.0.0.1");
            assertThat(browser.signUp("replica-person", PASSWORD).statusCode()).isEqualTo(302);
            assertThat(jdbc.queryForObject("select count(*) from spring_session where principal_name = ?",
                    Integer.class, "replica-person")).as("the session is a row, not a replica's memory").isEqualTo(1);

            browser.switchTo(otherPort);
            HttpResponse<String> websites = browser.get("/app/websites");
            assertThat(websites.statusCode()).as("signed in on the other replica").isEqualTo(200);
            assertThat(websites.body()).contains("replica-person");
            // The CSRF token lives in the session too: the other replica accepts the form.
            HttpResponse<String> signedOut = browser.post("/app/logout", Map.of());
            assertThat(signedOut.headers().firstValue("Location")).hasValueSatisfying(
                    location -> assertThat(location).endsWith("/app/login?signedOut"));

            browser.switchTo(serverPort);
            assertThat(browser.get("/app/websites").statusCode()).as("signed out on the first replica too")
                    .isEqualTo(302);
            assertThat(jdbc.queryForObject("select count(*) from spring_session where principal_name = ?",
                    Integer.class, "replica-person")).isZero();
        }
    }
}
