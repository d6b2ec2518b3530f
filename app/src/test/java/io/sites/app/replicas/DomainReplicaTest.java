package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.usecases.DomainsContract;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.TestDns;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The publish's promise on a custom domain across processes: a second replica (its own JVM, same PostgreSQL) serves
 * a domain on the first request after its verification answers, a publish's new bytes there on the first request
 * after the 201, and nothing there once the domain's removal answers.
 */
class DomainReplicaTest extends PostgresAppTest {
    @Autowired
    Environment environment;

    @DynamicPropertySource
    static void domains(DynamicPropertyRegistry registry) {
        DomainsContract.domainProperties(registry);
    }

    @Test
    void everyReplicaServesACustomDomainWhenItsVerificationOrPublishAnswers() throws Exception {
        ServiceProcess second = ServiceProcess.beside(environment, Map.of("SITES_DNS_RESOLVER",
                TestDns.SHARED.address()));
        second.start();
        try {
            String slug = unique("dom-replica");
            Http.Response created = http().post("/v1/websites", ALICE, site(slug, "Replicas",
                    file("index.html", "<p>version 1</p>")));
            String id = created.json().get("websiteId").asString();
            String host = "www." + slug + ".test";
            String token = http().post("/v1/websites/" + id + "/domains", ALICE, Map.of("hostname", host)).json()
                    .get("verification").get("value").asString();
            assertThat(second.site().onHost(host, "GET", "/").text()).doesNotContain("version 1");
            TestDns.SHARED.setTxt("_sites-challenge." + host, token);
            Http.Response verified = http().post("/v1/websites/" + id + "/domains/" + host + "/verify", ALICE, "");
            assertThat(verified.status()).as(verified.text()).isEqualTo(200);
            // The first request after the answer, no retry, on the other replica.
            assertThat(second.site().onHost(host, "GET", "/").text()).isEqualTo("<p>version 1</p>");
            for (int n = 2; n <= 6; n++) {
                assertThat(http().post("/v1/websites/" + id + "/versions", ALICE,
                        version(true, null, file("index.html", "<p>version " + n + "</p>"))).status()).isEqualTo(201);
                assertThat(second.site().onHost(host, "GET", "/").text()).as("after publish %d", n)
                        .isEqualTo("<p>version " + n + "</p>");
                assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<p>version " + n + "</p>");
            }
            assertThat(http().send("DELETE", "/v1/websites/" + id + "/domains/" + host, ALICE, null, null).status())
                    .isEqualTo(204);
            assertThat(second.site().onHost(host, "GET", "/").text()).doesNotContain("version");
        } finally {
            second.stop();
        }
    }
}
