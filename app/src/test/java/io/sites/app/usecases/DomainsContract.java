package io.sites.app.usecases;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.RateWindowTiming;
import io.sites.app.TestDns;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.DomainChecks;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;

/**
 * Custom domains over real HTTP, with a real DNS server on loopback ({@link TestDns}): nothing is served at a
 * hostname until its TXT record proves control, then the site is, a publish's new bytes at once; another website
 * cannot take it; removal, or a record gone past the grace period, stops it. Runs on PostgreSQL and on H2.
 */
public interface DomainsContract {
    int PER_WEBSITE = 3;
    int PER_ACCOUNT = 5;

    Http http();

    <T> T bean(Class<T> type);

    /** The test's resolver and limits; the grace period is zero, so a second missed check stops a domain. */
    static void domainProperties(DynamicPropertyRegistry registry) {
        registry.add("sites.domains.resolver", TestDns.SHARED::address);
        registry.add("sites.domains.per-website", () -> PER_WEBSITE);
        registry.add("sites.domains.per-account", () -> PER_ACCOUNT);
        registry.add("sites.domains.grace", () -> "0s");
        registry.add("sites.domains.lookup-timeout", () -> "2s");
    }

    record User(AccountId id, String token) {
    }

    default User user(String prefix) {
        AccountId id = bean(Accounts.class).createIfAbsent(unique(prefix));
        return new User(id, bean(AccessTokens.class).mint(id, "test", null));
    }

    default String website(User owner, String slug, String body) {
        Http.Response created = http().post("/v1/websites", owner.token(), site(slug, "Domains",
                file("index.html", body)));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("websiteId").asString();
    }

    default Http.Response add(User caller, String websiteId, String hostname) {
        return http().post("/v1/websites/" + websiteId + "/domains", caller.token(), Map.of("hostname", hostname));
    }

    default Http.Response verify(User caller, String websiteId, String hostname) {
        return http().post("/v1/websites/" + websiteId + "/domains/" + hostname + "/verify", caller.token(), "");
    }

    default Http.Response remove(User caller, String websiteId, String hostname) {
        return http().send("DELETE", "/v1/websites/" + websiteId + "/domains/" + hostname, caller.token(),
                "application/json", "");
    }

    default String code(Http.Response response) {
        return response.json().get("error").get("code").asString();
    }

    @Test
    default void aDomainIsServedOnlyAfterItsRecordProvesControlAndUntilItIsRemoved() {
        User owner = user("domain-owner");
        String slug = unique("dom");
        String id = website(owner, slug, "<p>one</p>");
        String host = "www." + slug + ".test";

        Http.Response added = add(owner, id, "WWW." + slug + ".test.");
        assertThat(added.status()).as(added.text()).isEqualTo(201);
        JsonNode domain = added.json();
        assertThat(domain.get("hostname").asString()).isEqualTo(host);
        assertThat(domain.get("status").asString()).isEqualTo("pending");
        assertThat(domain.get("verification").get("type").asString()).isEqualTo("dns-txt");
        assertThat(domain.get("verification").get("name").asString()).isEqualTo("_sites-challenge." + host);
        String token = domain.get("verification").get("value").asString();
        assertThat(token).hasSizeGreaterThanOrEqualTo(32);
        assertThat(domain.get("dnsTarget").asString()).isEqualTo("localhost");

        Http.Response unverified = verify(owner, id, host);
        assertThat(unverified.status()).as(unverified.text()).isEqualTo(422);
        assertThat(code(unverified)).isEqualTo("DOMAIN_UNVERIFIED");
        assertThat(unverified.json().get("error").get("message").asString()).contains("NXDOMAIN");
        assertThat(http().onHost(host, "GET", "/").text()).doesNotContain("<p>one</p>");
        JsonNode listed = http().get("/v1/websites/" + id + "/domains", owner.token()).json().get("domains").get(0);
        assertThat(listed.get("status").asString()).isEqualTo("pending");
        assertThat(listed.get("reason").asString()).contains("NXDOMAIN");

        TestDns.SHARED.setTxt("_sites-challenge." + host, "someone-else's");
        assertThat(verify(owner, id, host).json().get("error").get("message").asString())
                .contains("someone-else's");
        TestDns.SHARED.setTxt("_sites-challenge." + host, "unrelated", token);
        Http.Response verified = verify(owner, id, host);
        assertThat(verified.status()).as(verified.text()).isEqualTo(200);
        assertThat(verified.json().get("status").asString()).isEqualTo("verified");
        assertThat(verified.json().get("certificate").isNull()).isTrue();
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<p>one</p>");

        assertThat(http().post("/v1/websites/" + id + "/versions", owner.token(),
                version(true, null, file("index.html", "<p>two</p>"))).status()).isEqualTo(201);
        // The first request after the 201, no retry.
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<p>two</p>");

        User stranger = user("domain-stranger");
        String other = website(stranger, unique("dom-other"), "<p>other</p>");
        Http.Response taken = add(stranger, other, host);
        assertThat(taken.status()).as(taken.text()).isEqualTo(409);
        assertThat(code(taken)).isEqualTo("DOMAIN_TAKEN");

        List<String> types = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items")
                .valueStream().map(e -> e.get("type").asString()).toList();
        assertThat(types).contains("domain.added", "domain.verification_failed", "domain.verified");

        assertThat(remove(owner, id, host).status()).isEqualTo(204);
        assertThat(http().onHost(host, "GET", "/").text()).doesNotContain("<p>two</p>");
        assertThat(http().get("/v1/websites/" + id + "/domains", owner.token()).json().get("domains").size())
                .isZero();

        // Free now: the stranger proves control with a record of their own and is served there.
        String theirs = add(stranger, other, host).json().get("verification").get("value").asString();
        TestDns.SHARED.setTxt("_sites-challenge." + host, theirs);
        assertThat(verify(stranger, other, host).status()).isEqualTo(200);
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<p>other</p>");
    }

    @Test
    default void aServedDomainWhoseRecordStaysAwayPastTheGracePeriodStopsAndItsHistorySaysWhy() {
        User owner = user("domain-grace");
        String slug = unique("grace");
        String id = website(owner, slug, "<p>kept</p>");
        String host = slug + ".example.test";
        String token = add(owner, id, host).json().get("verification").get("value").asString();
        TestDns.SHARED.setTxt("_sites-challenge." + host, token);
        assertThat(verify(owner, id, host).status()).isEqualTo(200);

        bean(DomainChecks.class).checkAll();
        assertThat(http().onHost(host, "GET", "/").text()).as("record still there").isEqualTo("<p>kept</p>");
        TestDns.SHARED.remove("_sites-challenge." + host);
        bean(DomainChecks.class).checkAll();
        assertThat(http().onHost(host, "GET", "/").text()).as("first miss: the grace period")
                .isEqualTo("<p>kept</p>");
        bean(DomainChecks.class).checkAll();
        bean(io.sites.app.usecases.LifecycleOperations.class).awaitWebsite(new WebsiteId(id));
        assertThat(http().onHost(host, "GET", "/").text()).as("past the grace period").doesNotContain("kept");
        JsonNode listed = http().get("/v1/websites/" + id + "/domains", owner.token()).json().get("domains").get(0);
        assertThat(listed.get("status").asString()).isEqualTo("failed");
        assertThat(listed.get("reason").asString()).contains("NXDOMAIN");
        JsonNode last = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items").get(0);
        assertThat(last.get("type").asString()).isEqualTo("domain.verification_failed");
        assertThat(last.get("details").get("stopped").asBoolean()).isTrue();

        TestDns.SHARED.setTxt("_sites-challenge." + host, token);
        assertThat(verify(owner, id, host).json().get("status").asString()).isEqualTo("verified");
        assertThat(http().onHost(host, "GET", "/").text()).isEqualTo("<p>kept</p>");
    }

    @Test
    default void hostnamesThatAreNoPublicNameOfTheOwnersAreRefused() {
        User owner = user("domain-invalid");
        String id = website(owner, unique("invalid"), "<p>x</p>");
        for (String hostname : List.of("127.0.0.1", "[::1]", "::1", "localhost", "intranet", "shop.localhost",
                "co.uk", "com", "a.localhost", "bad_name.example.org", "-x.example.org", "", "x".repeat(64) + ".org")) {
            Http.Response refused = add(owner, id, hostname);
            assertThat(refused.status()).as(hostname + ": " + refused.text()).isEqualTo(422);
            assertThat(code(refused)).as(hostname).isEqualTo("DOMAIN_INVALID");
        }
        assertThat(http().get("/v1/websites/" + id + "/domains", owner.token()).json().get("domains").size())
                .isZero();
    }

    @Test
    default void eachWebsiteAndEachAccountHasAtMostItsLimitOfDomains() {
        User owner = user("domain-limits");
        String first = website(owner, unique("limit-a"), "<p>a</p>");
        String second = website(owner, unique("limit-b"), "<p>b</p>");
        String base = unique("limits") + ".test";
        for (int i = 0; i < PER_WEBSITE; i++) {
            assertThat(add(owner, first, "a" + i + "." + base).status()).isEqualTo(201);
        }
        assertThat(add(owner, first, "a0." + base).status()).as("the same one again").isEqualTo(201);
        Http.Response perWebsite = add(owner, first, "a9." + base);
        assertThat(perWebsite.status()).isEqualTo(422);
        assertThat(code(perWebsite)).isEqualTo("DOMAIN_LIMIT");
        for (int i = PER_WEBSITE; i < PER_ACCOUNT; i++) {
            assertThat(add(owner, second, "b" + i + "." + base).status()).isEqualTo(201);
        }
        Http.Response perAccount = add(owner, second, "b9." + base);
        assertThat(perAccount.status()).isEqualTo(422);
        assertThat(code(perAccount)).isEqualTo("DOMAIN_LIMIT");
    }

    /** A check holds a request thread on DNS, where the owner's name server may be slow on purpose: it is rationed. */
    @Test
    default void domainChecksAreRationedPerAccount() {
        User owner = user("domain-checks");
        String id = website(owner, unique("checks"), "<p>c</p>");
        String host = "www." + unique("rationed") + ".example.test";
        assertThat(add(owner, id, host).status()).isEqualTo(201);
        RateWindowTiming.awayFromAMinuteBoundary(15_000);
        for (int i = 0; i < 20; i++) {
            assertThat(verify(owner, id, host).status()).as("check " + (i + 1)).isEqualTo(422);
        }
        Http.Response refused = verify(owner, id, host);
        assertThat(refused.status()).as(refused.text()).isEqualTo(429);
        assertThat(refused.json().get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.header("Retry-After")).isNotBlank();
        assertThat(http().get("/v1/openapi.json", null).json().path("paths")
                .path("/v1/websites/{websiteId}/domains/{hostname}/verify").path("post").path("responses").has("429"))
                .as("the OpenAPI document declares the refusal").isTrue();
        // Another account's checks are its own.
        User other = user("domain-checks-other");
        String theirs = website(other, unique("checks-other"), "<p>o</p>");
        String theirHost = "www." + unique("other") + ".example.test";
        assertThat(add(other, theirs, theirHost).status()).isEqualTo(201);
        assertThat(verify(other, theirs, theirHost).status()).isEqualTo(422);
    }

    @Test
    default void editorsReadTheDomainsButOnlyTheOwnerChangesThem() {
        User owner = user("domain-boss");
        User editor = user("domain-editor");
        User stranger = user("domain-nobody");
        String id = website(owner, unique("editors"), "<p>x</p>");
        bean(CommandGateway.class).sendAndWait(new AddCollaboratorCommand(new WebsiteId(id), owner.id(),
                editor.id()));
        String host = unique("editors") + ".test";
        assertThat(add(owner, id, host).status()).isEqualTo(201);

        assertThat(http().get("/v1/websites/" + id + "/domains", editor.token()).json().get("domains").get(0)
                .get("hostname").asString()).isEqualTo(host);
        Http.Response added = add(editor, id, "other." + host);
        assertThat(added.status()).isEqualTo(403);
        assertThat(code(added)).isEqualTo("FORBIDDEN");
        assertThat(remove(editor, id, host).status()).isEqualTo(403);
        assertThat(verify(editor, id, host).status()).isEqualTo(403);
        assertThat(http().get("/v1/websites/" + id + "/domains", stranger.token()).status()).isEqualTo(404);
        assertThat(add(stranger, id, "x." + host).status()).isEqualTo(404);
    }

    /** Both names of an apex/www pair verified: one serves, the other redirects to it; the owner's choice flips it. */
    @Test
    default void ofAnApexAndItsWwwOneServesAndTheOtherRedirectsAsTheOwnerChooses() {
        User owner = user("domain-pair");
        String slug = unique("pair");
        String id = website(owner, slug, "<p>pair</p>");
        String apex = slug + ".test";
        String www = "www." + apex;
        for (String name : List.of(apex, www)) {
            String token = add(owner, id, name).json().get("verification").get("value").asString();
            TestDns.SHARED.setTxt("_sites-challenge." + name, token);
        }
        assertThat(verify(owner, id, apex).json().get("redirectsTo").isNull()).as("alone, the apex serves").isTrue();
        assertThat(http().onHost(apex, "GET", "/").text()).isEqualTo("<p>pair</p>");
        Http.Response verified = verify(owner, id, www);
        assertThat(verified.status()).as(verified.text()).isEqualTo(200);
        assertThat(verified.json().get("redirectsTo").isNull()).isTrue();

        // Without a choice www serves and the apex redirects, path and query kept.
        Http.Response moved = http().onHost(apex, "GET", "/a/b.html?x=1");
        assertThat(moved.status()).isEqualTo(308);
        assertThat(moved.header("Location")).isEqualTo("http://" + www + ":" + http().port() + "/a/b.html?x=1");
        assertThat(http().onHost(www, "GET", "/").text()).isEqualTo("<p>pair</p>");
        assertThat(redirects(owner, id)).isEqualTo(Map.of(apex, www, www, ""));

        Http.Response chosen = http().post("/v1/websites/" + id + "/domains", owner.token(),
                Map.of("hostname", apex, "primary", true));
        assertThat(chosen.status()).as(chosen.text()).isEqualTo(201);
        assertThat(chosen.json().get("redirectsTo").isNull()).isTrue();
        assertThat(http().onHost(apex, "GET", "/").text()).isEqualTo("<p>pair</p>");
        Http.Response back = http().onHost(www, "GET", "/x");
        assertThat(back.status()).isEqualTo(308);
        assertThat(back.header("Location")).isEqualTo("http://" + apex + ":" + http().port() + "/x");
        assertThat(redirects(owner, id)).isEqualTo(Map.of(apex, "", www, apex));
        List<String> types = http().get("/v1/websites/" + id + "/history", owner.token()).json().get("items")
                .valueStream().map(e -> e.get("type").asString()).toList();
        assertThat(types).contains("domain.preferred");

        // primary false on the apex chooses its www again.
        assertThat(http().post("/v1/websites/" + id + "/domains", owner.token(),
                Map.of("hostname", apex, "primary", false)).json().get("redirectsTo").asString()).isEqualTo(www);
        assertThat(http().onHost(apex, "GET", "/").status()).isEqualTo(308);

        // One name left: it serves directly.
        assertThat(remove(owner, id, www).status()).isEqualTo(204);
        assertThat(http().onHost(apex, "GET", "/").text()).isEqualTo("<p>pair</p>");
        assertThat(redirects(owner, id)).isEqualTo(Map.of(apex, ""));
    }

    /** Each listed domain's redirectsTo, "" for none. */
    private Map<String, String> redirects(User owner, String id) {
        Map<String, String> redirects = new java.util.HashMap<>();
        http().get("/v1/websites/" + id + "/domains", owner.token()).json().get("domains").valueStream()
                .forEach(d -> redirects.put(d.get("hostname").asString(), d.get("redirectsTo").isNull() ? ""
                        : d.get("redirectsTo").asString()));
        return redirects;
    }
}
