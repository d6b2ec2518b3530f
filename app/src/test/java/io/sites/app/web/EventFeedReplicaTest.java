package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

/**
 * The feed on any api replica of a fleet: a stream open on a second replica (its own JVM, the same PostgreSQL) gets
 * a publish made through this one, its reader woken by the database's notification, not by the publish.
 */
class EventFeedReplicaTest extends PostgresAppTest {
    @Autowired
    Environment environment;

    @Test
    void aStreamOnAnotherReplicaGetsWhatThisOneStored() throws Exception {
        ServiceProcess second = ServiceProcess.beside(environment, Map.of());
        second.start();
        try {
            AccountId owner = bean(Accounts.class).createIfAbsent(unique("feed-fleet"));
            String token = bean(AccessTokens.class).mint(owner, "test", null);
            Http.Response created = http().post("/v1/websites", token, site(unique("feed-fleet"), "Fleet",
                    file("index.html", "<p>one</p>")));
            String id = created.json().get("websiteId").asString();
            try (EventStream stream = EventStream.open(second.apiPort(), token, "websiteId=" + id, null)) {
                assertThat(stream.status()).isEqualTo(200);
                stream.resumePoint();
                assertThat(http().post("/v1/websites/" + id + "/versions", token, version(true, "elsewhere",
                        file("index.html", "<p>two</p>"))).status()).isEqualTo(201);
                EventStream.Event event = stream.next();
                assertThat(event.data().get("type").asString()).isEqualTo("version.published");
                assertThat(event.data().get("details").get("message").asString()).isEqualTo("elsewhere");
            }
            assertThat(second.problems(0)).isEmpty();
        } finally {
            second.stop();
        }
    }
}
