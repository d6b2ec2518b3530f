package io.sites.app.webhooks;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.Door;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.collaborators.Collaborators;
import io.sites.app.identity.Accounts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks' REST API over real HTTP, on both databases: registration with the secret shown once, who may read and
 * write, the event types held to the history's, the URL held to public https, the limit, removal, and the outbox
 * filled from the event store with each attempt in the hook's log (to a name that never resolves, so nothing leaves
 * the machine). Deliveries to a real receiver: WebhookDeliveryTest.
 */
public interface WebhooksContract {
    /** RFC 6761: never resolves, so a delivery fails without reaching any network. */
    String NOWHERE = "https://hooks.webhooks-test.invalid/in";

    Http http();

    <T> T bean(Class<T> type);

    default String website(String token) {
        return http().post("/v1/websites", token, site(unique("hooks"), "Hooks", file("index.html", "<p>1</p>")))
                .json().get("websiteId").asString();
    }

    default Http.Response add(String path, String token, String url, List<String> events) {
        return http().post(path, token, Map.of("url", url, "events", events));
    }

    @Test
    default void theOwnerRegistersAndSeesTheSecretOnceEditorsReadStrangersLearnNothing() {
        String id = website(EmbeddedAppTest.ALICE);
        String hooks = "/v1/websites/" + id + "/webhooks";
        Http.Response added = add(hooks, EmbeddedAppTest.ALICE, NOWHERE,
                List.of("version.published", "domain.active", "quota.warning", "version.published"));
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        JsonNode hook = added.json();
        assertThat(hook.get("id").asString()).startsWith("wh_");
        assertThat(hook.get("secret").asString()).matches("whsec_[A-Za-z0-9+/]{32}");
        assertThat(hook.get("url").asString()).isEqualTo(NOWHERE);
        assertThat(hook.get("websiteId").asString()).isEqualTo(id);
        assertThat(hook.get("status").asString()).isEqualTo("active");
        assertThat(hook.get("events").valueStream().map(JsonNode::asString).toList())
                .as("aliases stored as the history's names, each once")
                .containsExactly("version.published", "domain.verified", "quota.bandwidth");

        JsonNode listed = http().get(hooks, EmbeddedAppTest.ALICE).json().get("webhooks");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).has("secret") && !listed.get(0).get("secret").isNull()).as("never shown again")
                .isFalse();

        AccountId bob = bean(Accounts.class).byUsername("bob").orElseThrow();
        AccountId alice = bean(Accounts.class).byUsername("alice").orElseThrow();
        Http.Response strangers = http().get(hooks, EmbeddedAppTest.BOB);
        assertThat(strangers.status()).isEqualTo(404);
        bean(Collaborators.class).add(new WebsiteId(id), new Actor(alice, Door.TOKEN, "test"), "bob");
        Http.Response editorReads = http().get(hooks, EmbeddedAppTest.BOB);
        for (int i = 0; i < 200 && editorReads.status() == 404; i++) {
            pause(); // the read model learns of the collaborator
            editorReads = http().get(hooks, EmbeddedAppTest.BOB);
        }
        assertThat(editorReads.json().get("webhooks")).as(editorReads.text()).hasSize(1);
        Http.Response editorAdds = add(hooks, EmbeddedAppTest.BOB, NOWHERE, List.of("*"));
        assertThat(editorAdds.status()).isEqualTo(403);
        assertThat(editorAdds.json().get("error").get("code").asString()).isEqualTo("FORBIDDEN");
        String one = hooks + "/" + hook.get("id").asString();
        assertThat(http().send("DELETE", one, EmbeddedAppTest.BOB, null, null).status()).isEqualTo(403);
        assertThat(http().post(one + "/test", EmbeddedAppTest.BOB, "").status()).isEqualTo(403);
        assertThat(http().get(one + "/deliveries", EmbeddedAppTest.BOB).status()).isEqualTo(200);

        assertThat(http().send("DELETE", one, EmbeddedAppTest.ALICE, null, null).status()).isEqualTo(204);
        assertThat(http().get(hooks, EmbeddedAppTest.ALICE).json().get("webhooks")).isEmpty();
        assertThat(http().get(one, EmbeddedAppTest.ALICE).status()).isEqualTo(404);
        assertThat(bob).isNotNull();
    }

    @Test
    default void unknownTypesAndUnsafeUrlsAreRefusedNamingWhy() {
        String hooks = "/v1/websites/" + website(EmbeddedAppTest.ALICE) + "/webhooks";
        Http.Response unknown = add(hooks, EmbeddedAppTest.ALICE, NOWHERE, List.of("version.published",
                "site.exploded"));
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().get("error").get("code").asString()).isEqualTo("WEBHOOK_INVALID");
        assertThat(unknown.json().get("error").get("message").asString()).contains("\"site.exploded\"")
                .contains("version.promoted");
        assertThat(add(hooks, EmbeddedAppTest.ALICE, NOWHERE, List.of()).status()).isEqualTo(422);
        for (String url : List.of("http://hooks.example.com/in", "https://127.0.0.1/in", "https://10.0.0.7/in",
                "https://169.254.169.254/latest/meta-data/", "https://[::1]/in", "https://2130706433/in",
                "https://user@hooks.example.com/in", "https://localhost/in", "ftp://hooks.example.com/")) {
            Http.Response refused = add(hooks, EmbeddedAppTest.ALICE, url, List.of("*"));
            assertThat(refused.status()).as(url).isEqualTo(422);
            assertThat(refused.json().get("error").get("code").asString()).as(url).isEqualTo("WEBHOOK_INVALID");
            assertThat(refused.json().get("error").get("message").asString()).as(url).contains(url);
        }
        assertThat(http().get(hooks, EmbeddedAppTest.ALICE).json().get("webhooks")).isEmpty();
    }

    @Test
    default void aWebsiteHasAtMostItsLimitOfHooks() {
        String hooks = "/v1/websites/" + website(EmbeddedAppTest.ALICE) + "/webhooks";
        int limit = bean(WebhookProperties.class).perWebsite();
        for (int i = 0; i < limit; i++) {
            assertThat(add(hooks, EmbeddedAppTest.ALICE, NOWHERE + i, List.of("*")).status()).isEqualTo(201);
        }
        Http.Response over = add(hooks, EmbeddedAppTest.ALICE, NOWHERE, List.of("*"));
        assertThat(over.status()).isEqualTo(422);
        assertThat(over.json().get("error").get("code").asString()).isEqualTo("WEBHOOK_LIMIT");
    }

    /**
     * An account-wide hook hears every website the account owns (and only those); each event is one delivery of
     * the history's entry, its attempts in the log: here a name that does not resolve, so each attempt fails.
     */
    @Test
    default void theOutboxRecordsEachEventOnceAndTheLogShowsTheAttempts() {
        Http.Response added = add("/v1/webhooks", EmbeddedAppTest.BOB, NOWHERE, List.of("version.published"));
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        String hook = added.json().get("id").asString();
        assertThat(added.json().has("websiteId") && !added.json().get("websiteId").isNull()).isFalse();
        assertThat(http().get("/v1/webhooks", EmbeddedAppTest.BOB).json().get("webhooks")).hasSize(1);
        assertThat(http().get("/v1/webhooks/" + hook, EmbeddedAppTest.ALICE).status()).as("not Alice's")
                .isEqualTo(404);

        String id = website(EmbeddedAppTest.BOB);
        website(EmbeddedAppTest.ALICE);
        assertThat(http().post("/v1/websites/" + id + "/versions", EmbeddedAppTest.BOB,
                version(true, "second", file("index.html", "<p>2</p>"))).status()).isEqualTo(201);
        Http.Response tested = http().post("/v1/webhooks/" + hook + "/test", EmbeddedAppTest.BOB, "");
        assertThat(tested.status()).isEqualTo(202);

        // The website's two publishes queue in order: the second waits for the first, which is retried later.
        List<JsonNode> attempts = awaitAttempts("/v1/webhooks/" + hook + "/deliveries", 2);
        assertThat(attempts).allSatisfy(attempt -> {
            assertThat(attempt.get("status").isNull()).isTrue();
            assertThat(attempt.get("error").asString()).contains("does not resolve");
        });
        assertThat(attempts.stream().map(attempt -> attempt.get("type").asString()).distinct().sorted().toList())
                .containsExactly("version.published", "webhook.test");
        assertThat(attempts.stream().map(attempt -> attempt.get("deliveryId").asString()).toList())
                .contains(tested.json().get("deliveryId").asString()).doesNotHaveDuplicates();
    }

    /** The Settings view's panel: the owner adds a hook (the secret in the notice, once), tests and removes it. */
    @Test
    default void theSettingsPanelAddsTestsAndRemovesAHook() {
        String name = unique("hook-panel");
        io.sites.app.webapp.Browser browser = new io.sites.app.webapp.Browser(http().port(), "127.0.0.1");
        assertThat(browser.signUp(name, "correct horse battery").statusCode()).isEqualTo(302);
        String token = bean(io.sites.app.identity.AccessTokens.class).mint(bean(Accounts.class).byUsername(name)
                .orElseThrow(), "panel", null);
        String settings = "/app/websites/" + website(token) + "/settings";
        assertThat(browser.get(settings).body()).contains("No webhooks");
        assertThat(browser.post(settings.replace("/settings", "/webhooks"), Map.of("url", NOWHERE,
                "events", "version.published, quota.warning")).statusCode()).isEqualTo(302);
        String page = browser.get(settings).body();
        assertThat(page).contains(NOWHERE).contains("whsec_").contains("version.published, quota.bandwidth");
        assertThat(browser.get(settings).body()).as("the secret is shown once").doesNotContain("whsec_");
        String hook = page.replaceAll("(?s).*data-webhook=\"(wh_[0-9a-f]+)\".*", "$1");
        assertThat(browser.post(settings.replace("/settings", "/webhooks/test"), Map.of("webhookId", hook))
                .statusCode()).isEqualTo(302);
        assertThat(browser.get(settings).body()).contains("A test delivery is on its way");
        browser.post(settings.replace("/settings", "/webhooks"), Map.of("url", "http://insecure.example.com/"));
        assertThat(browser.get(settings).body()).contains("cannot receive webhooks");
        browser.post(settings.replace("/settings", "/webhooks/remove"), Map.of("webhookId", hook));
        assertThat(browser.get(settings).body()).contains("The webhook is removed").contains("No webhooks");

        // For every website the person owns: the account's hook, shown on each of them, removed from any.
        assertThat(browser.post(settings.replace("/settings", "/webhooks"), Map.of("url", NOWHERE + "/all",
                "account", "true")).statusCode()).isEqualTo(302);
        assertThat(http().get("/v1/webhooks", token).json().get("webhooks")).hasSize(1);
        String other = "/app/websites/" + website(token) + "/settings";
        String shown = browser.get(other).body();
        assertThat(shown).contains(NOWHERE + "/all").contains("(every website you own)");
        String everywhere = shown.replaceAll("(?s).*data-webhook=\"(wh_[0-9a-f]+)\".*", "$1");
        browser.post(other.replace("/settings", "/webhooks/remove"), Map.of("webhookId", everywhere, "account",
                "true"));
        assertThat(http().get("/v1/webhooks", token).json().get("webhooks")).isEmpty();
        assertThat(browser.get(settings).body()).contains("No webhooks");
    }

    /** Waits (bounded) until the log holds at least {@code count} attempts; no timing asserted. */
    default List<JsonNode> awaitAttempts(String path, int count) {
        List<JsonNode> attempts = List.of();
        for (int i = 0; i < 600 && attempts.size() < count; i++) {
            attempts = http().get(path, EmbeddedAppTest.BOB).json().get("attempts").valueStream().toList();
            if (attempts.size() < count) {
                pause();
            }
        }
        assertThat(attempts).hasSizeGreaterThanOrEqualTo(count);
        return attempts;
    }

    static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
