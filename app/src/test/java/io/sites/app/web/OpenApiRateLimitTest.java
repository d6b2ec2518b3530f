package io.sites.app.web;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static io.sites.app.Bundles.version;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** The 429 of both publish operations matches the OpenAPI document too; one publish a minute makes it cheap. */
@TestPropertySource(properties = "sites.limits.publishes-per-minute=1")
class OpenApiRateLimitTest extends EmbeddedAppTest {

    @Test
    void rateLimitedPublishesMatchTheDocument() {
        JsonNode document = http().get("/v1/openapi.json", null).json();
        Http.Response created = http().post("/v1/websites", BOB, site(unique("limited"), "Limited",
                file("index.html", "<p>x</p>")));
        OpenApiTest.check(document, "createWebsite", created, 201);
        OpenApiTest.check(document, "createWebsite", http().post("/v1/websites", BOB, site(null, "Again",
                file("index.html", "<p>x</p>"))), 429);
        OpenApiTest.check(document, "createWebsiteVersion", http().post("/v1/websites/"
                + created.json().get("websiteId").asString() + "/versions", BOB,
                version(null, null, file("index.html", "<p>y</p>"))), 429);
    }
}
