package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.MovableClock;
import io.sites.api.Door;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.WebsiteExpiry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * updateWebsite (PATCH /v1/websites/{id}), retainVersions and expiresAt over real HTTP with a clock the tests move:
 * the versions retention keeps (newest N, the live one, a rollback target of the last 7 days), pruned versions gone
 * from reads, their previews 410 and their promotion 404, the settings' validation and the owner-only rule, the
 * history's words, and expiry deleting the website as by its owner. Runs on PostgreSQL and on the embedded default.
 */
public interface RetentionContract {
    Http http();

    <T> T bean(Class<T> type);

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    default Http.Response patch(String websiteId, User user, String body) {
        return http().send("PATCH", "/v1/websites/" + websiteId, user.token(), "application/json", body);
    }

    default String create(User owner, String slug) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(slug, "Kept",
                file("index.html", "<p>one</p>")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default void publish(User user, String websiteId, String text, boolean promote) {
        Http.Response published = http().post("/v1/websites/" + websiteId + "/versions", user.token(),
                version(promote, text, file("index.html", text)));
        assertThat(published.status()).as(published.text()).isEqualTo(201);
    }

    default List<Integer> listed(User user, String websiteId) {
        List<Integer> numbers = new ArrayList<>();
        http().get("/v1/websites/" + websiteId + "/versions", user.token()).json().get("versions")
                .forEach(v -> numbers.add(v.get("version").asInt()));
        return numbers;
    }

    default MovableClock clock() {
        return bean(MovableClock.class);
    }

    @Test
    default void retentionKeepsTheNewestTheLiveOneAndRecentRollbackTargetsAndPrunedPreviewsAnswer410() {
        User owner = user("retain");
        String slug = unique("retain");
        String id = create(owner, slug);
        publish(owner, id, "<p>two</p>", true); // version 1 stops being live now: a rollback target for 7 days
        publish(owner, id, "<p>three</p>", false);

        Http.Response lowered = patch(id, owner, "{\"retainVersions\": 1}");
        assertThat(lowered.status()).as(lowered.text()).isEqualTo(200);
        assertThat(lowered.json().get("retainVersions").asInt()).isEqualTo(1);
        assertThat(listed(owner, id)).as("3 newest, 2 live, 1 a recent rollback target").containsExactly(3, 2, 1);

        clock().advance(Duration.ofDays(8));
        publish(owner, id, "<p>four</p>", false);
        assertThat(listed(owner, id)).as("4 newest, 2 live; 3 never live, 1 live 8 days ago").containsExactly(4, 2);
        JsonNode website = http().get("/v1/websites/" + id, owner.token()).json();
        assertThat(website.get("versions").valueStream().map(v -> v.get("version").asInt()).toList())
                .containsExactly(4, 2);

        assertThat(http().onHost("v1--" + slug + ".localhost", "GET", "/").status()).isEqualTo(410);
        assertThat(http().onHost("v3--" + slug + ".localhost", "GET", "/").status()).isEqualTo(410);
        assertThat(http().onHost("v9--" + slug + ".localhost", "GET", "/").status()).as("never existed").isEqualTo(404);
        assertThat(http().site(slug, "/").text()).isEqualTo("<p>two</p>");

        Http.Response promote = http().post("/v1/websites/" + id + "/versions/1/promote", owner.token(), "");
        assertThat(promote.status()).isEqualTo(404);
        assertThat(promote.json().get("error").get("code").asString()).isEqualTo("NOT_FOUND");
        assertThat(promote.json().get("error").get("message").asString()).contains("pruned");

        JsonNode entries = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items");
        JsonNode pruned = entries.valueStream().filter(e -> e.get("type").asString().equals("versions.pruned"))
                .findFirst().orElseThrow();
        assertThat(pruned.get("details").get("versions").valueStream().map(JsonNode::asInt).toList())
                .containsExactly(1, 3);
        assertThat(pruned.get("actor").get("accountId").asString()).as("the publisher").isEqualTo(owner.id().value());
        JsonNode changed = entries.valueStream().filter(e -> e.get("type").asString().equals("settings.changed"))
                .findFirst().orElseThrow();
        assertThat(changed.get("details").get("changed").get(0).asString()).isEqualTo("retainVersions");
        assertThat(changed.get("details").get("retainVersions").asInt()).isEqualTo(1);
    }

    @Test
    default void theSettingsCallValidatesEveryFieldAndOnlyTheOwnerMayUseIt() {
        User owner = user("settings");
        User editor = user("settings-editor");
        String id = create(owner, null);
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id(), Actor.unrecorded(owner.id())));

        Http.Response bad = patch(id, owner, """
                {"retainVersions": 0, "expiresAt": "tomorrow", "category": "shop", "name": "", "colour": "red"}""");
        assertThat(bad.status()).as(bad.text()).isEqualTo(422);
        JsonNode error = bad.json().get("error");
        assertThat(error.get("code").asString()).isEqualTo("VALIDATION_FAILED");
        assertThat(error.get("fields").propertyNames())
                .containsExactlyInAnyOrder("retainVersions", "expiresAt", "category", "name", "colour");
        String tooLate = clock().instant().plus(Duration.ofDays(400)).toString();
        String past = clock().instant().minusSeconds(60).toString();
        for (String expiry : List.of(tooLate, past)) {
            Http.Response refused = patch(id, owner, "{\"expiresAt\": \"" + expiry + "\"}");
            assertThat(refused.status()).as(expiry).isEqualTo(422);
            assertThat(refused.json().get("error").get("fields").has("expiresAt")).isTrue();
        }
        assertThat(patch(id, owner, "[1]").json().get("error").get("code").asString()).isEqualTo("MALFORMED_JSON");

        Http.Response byEditor = patch(id, editor, "{\"name\": \"Mine now\"}");
        assertThat(byEditor.status()).isEqualTo(403);
        assertThat(byEditor.json().get("error").get("code").asString()).isEqualTo("FORBIDDEN");
        assertThat(patch(id, user("stranger"), "{\"name\": \"x\"}").status()).isEqualTo(404);

        String expiry = clock().instant().plus(Duration.ofDays(3)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .toString();
        Http.Response changed = patch(id, owner, "{\"name\": \"Renamed\", \"description\": \"About\", "
                + "\"category\": \"portfolio\", \"retainVersions\": 5, \"expiresAt\": \"" + expiry + "\"}");
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        JsonNode website = changed.json();
        assertThat(website.get("name").asString()).isEqualTo("Renamed");
        assertThat(website.get("description").asString()).isEqualTo("About");
        assertThat(website.get("category").asString()).isEqualTo("portfolio");
        assertThat(website.get("retainVersions").asInt()).isEqualTo(5);
        assertThat(website.get("expiresAt").asString()).isEqualTo(expiry);

        Http.Response cleared = patch(id, owner, "{\"retainVersions\": null, \"expiresAt\": null}");
        assertThat(cleared.status()).isEqualTo(200);
        assertThat(cleared.json().get("retainVersions").isNull()).isTrue();
        assertThat(cleared.json().get("expiresAt").isNull()).isTrue();
        assertThat(cleared.json().get("name").asString()).as("absent: unchanged").isEqualTo("Renamed");
    }

    @Test
    default void anExpiredWebsiteIsDeletedAsByItsOwnerAndTheHistorySaysExpiry() {
        User owner = user("expiry");
        String slug = unique("expiry");
        String id = create(owner, slug);
        String soon = clock().instant().plus(Duration.ofHours(1)).toString();
        assertThat(patch(id, owner, "{\"expiresAt\": \"" + soon + "\"}").status()).isEqualTo(200);
        String kept = create(owner, null);
        assertThat(patch(kept, owner, "{\"expiresAt\": \"" + soon + "\"}").status()).isEqualTo(200);
        assertThat(patch(kept, owner, "{\"expiresAt\": null}").status()).as("cleared: never expires").isEqualTo(200);

        bean(WebsiteExpiry.class).sweep();
        assertThat(http().get("/v1/websites/" + id, owner.token()).status()).as("not due yet").isEqualTo(200);

        clock().advance(Duration.ofHours(2));
        bean(WebsiteExpiry.class).sweep();
        assertThat(http().get("/v1/websites/" + id, owner.token()).status()).isEqualTo(404);
        assertThat(http().site(slug, "/").status()).isEqualTo(410);
        assertThat(http().get("/v1/websites/" + kept, owner.token()).status()).isEqualTo(200);

        List<? extends DomainEventMessage<?>> events = bean(EventStore.class).readEvents(id, 0).asStream().toList();
        WebsiteDeleted deleted = (WebsiteDeleted) events.getLast().getPayload();
        assertThat(deleted.by()).as("as by its owner").isEqualTo(owner.id());
        assertThat(deleted.actor().via()).isEqualTo(Door.EXPIRY);
        assertThat(bean(WebsiteExpiry.class).sweep()).as("a second sweep finds nothing of it").isZero();
    }

    @Test
    default void theOwnerIsWarnedOnceADayBeforeExpiryAndAgainOnlyForANewTime() {
        User owner = user("warned");
        String id = create(owner, null);
        Instant expires = clock().instant().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(30));
        assertThat(patch(id, owner, "{\"expiresAt\": \"" + expires + "\"}").status()).isEqualTo(200);
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("30 hours ahead: not yet").isEmpty();

        clock().advance(Duration.ofHours(7));
        bean(WebsiteExpiry.class).sweep();
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("23 hours ahead: once, however often swept").containsExactly(
                expires.toString());
        JsonNode warning = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items").get(0);
        assertThat(warning.get("actor").get("via").asString()).isEqualTo("expiry");
        assertThat(warning.get("actor").get("accountId").asString()).isEqualTo(owner.id().value());

        Instant later = clock().instant().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(40));
        assertThat(patch(id, owner, "{\"expiresAt\": \"" + later + "\"}").status()).isEqualTo(200);
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("moved beyond a day: nothing new").hasSize(1);
        assertThat(patch(id, owner, "{\"expiresAt\": \"" + expires + "\"}").status()).isEqualTo(200);
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("moved back to the time warned of: not again").hasSize(1);
        clock().advance(Duration.ofHours(17));
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("the new time comes within a day").hasSize(1);
        assertThat(patch(id, owner, "{\"expiresAt\": \"" + later + "\"}").status()).isEqualTo(200);
        bean(WebsiteExpiry.class).sweep();
        assertThat(warnings(owner, id)).as("a new time within a day: warned of it").containsExactly(later.toString(),
                expires.toString());
    }

    /** The expiresAt of each website.expiring entry of the history, newest first. */
    default List<String> warnings(User owner, String websiteId) {
        List<String> found = new ArrayList<>();
        http().get("/v1/websites/" + websiteId + "/history", owner.token()).json().get("items").forEach(item -> {
            if ("website.expiring".equals(item.get("type").asString())) {
                found.add(item.get("details").get("expiresAt").asString());
            }
        });
        return found;
    }
}
