package io.sites.app.operator;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.AccountQuotas;
import io.sites.command.publish.ReadModels;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * collaborator add|remove as an operator runs it: the editor sees the website, then no longer does; unknown people
 * and the owner are refused, as in the web application.
 */
class OperatorCommandsTest extends EmbeddedAppTest {
    @Autowired
    OperatorCommands operator;
    @Autowired
    ReadModels readModels;
    @Autowired
    Accounts accounts;
    @Autowired
    AccountQuotas quotas;

    @Test
    void addThenRemoveACollaborator() {
        String id = http().post("/v1/websites", ALICE, site(unique("shared"), "Shared",
                file("index.html", "<p>x</p>"))).json().get("websiteId").asString();
        assertThat(http().get("/v1/websites/" + id, BOB).status()).isEqualTo(404);

        assertThat(operator.execute(List.of("collaborator", "add", id, "bob"))).isZero();
        readModels.awaitWebsite(new WebsiteId(id));
        assertThat(http().get("/v1/websites/" + id, BOB).json().get("role").asString()).isEqualTo("editor");

        assertThat(operator.execute(List.of("collaborator", "remove", id, "bob"))).isZero();
        readModels.awaitWebsite(new WebsiteId(id));
        assertThat(http().get("/v1/websites/" + id, BOB).status()).isEqualTo(404);

        // The history names the owner, for whom the operator acted, and the operator's door.
        JsonNode items = http().get("/v1/websites/" + id + "/history", ALICE).json().get("items");
        for (int i = 0; i < 2; i++) {
            assertThat(items.get(i).get("type").asString()).isEqualTo(i == 0 ? "collaborator.removed"
                    : "collaborator.added");
            assertThat(items.get(i).get("actor").get("name").asString()).isEqualTo("alice");
            assertThat(items.get(i).get("actor").get("via").asString()).isEqualTo("operator");
            assertThat(items.get(i).get("actor").has("credential")).isFalse();
            assertThat(items.get(i).get("details").get("username").asString()).isEqualTo("bob");
        }
        assertThat(items.get(2).get("actor").get("via").asString()).isEqualTo("token");

        assertThat(operator.execute(List.of("collaborator", "add", id, "nobody-by-this-name"))).isOne();
        assertThat(accounts.byUsername("nobody-by-this-name")).as("an unknown person is refused, not created")
                .isEmpty();
        assertThat(operator.execute(List.of("collaborator", "remove", id, "nobody-by-this-name"))).isOne();
        assertThat(operator.execute(List.of("collaborator", "add", id, "alice"))).as("the owner").isOne();
        assertThat(operator.execute(List.of("collaborator", "add", "web_missing0000000000000", "bob"))).isOne();
        assertThat(operator.execute(List.of("collaborator", "add", "nonsense", "bob"))).isOne();
        assertThat(operator.execute(List.of("collaborator", "promote", id, "bob"))).isOne();
    }

    @Test
    void quotaSetsAnAccountsOwnValuesAndKeepsTheOthers() {
        String username = unique("quota-operator");
        AccountId account = accounts.createIfAbsent(username);
        assertThat(operator.execute(List.of("quota", "set", username, "bandwidth=2GB", "requests-second=7")))
                .isZero();
        AccountQuotas.Quota quota = quotas.of(account);
        assertThat(quota.bandwidthMonth()).isEqualTo(2L * 1024 * 1024 * 1024);
        assertThat(quota.requestsSecond()).isEqualTo(7);
        assertThat(quota.storageBytes()).as("the default").isEqualTo(10L * 1024 * 1024 * 1024);
        assertThat(operator.execute(List.of("quota", "set", username, "storage=512MB"))).isZero();
        assertThat(quotas.of(account).bandwidthMonth()).as("kept").isEqualTo(2L * 1024 * 1024 * 1024);
        assertThat(quotas.of(account).storageBytes()).isEqualTo(512L * 1024 * 1024);
        assertThat(operator.execute(List.of("quota", "show", username))).isZero();

        assertThat(operator.execute(List.of("quota", "set", username, "bandwidth=lots"))).isOne();
        assertThat(operator.execute(List.of("quota", "set", username, "requests-second=0"))).isOne();
        assertThat(operator.execute(List.of("quota", "set", username, "colour=blue"))).isOne();
        assertThat(operator.execute(List.of("quota", "set", "nobody-by-this-name", "storage=1GB"))).isOne();
        assertThat(operator.execute(List.of("quota", "set", username))).isOne();
    }
}
