package io.sites.app.axon;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Door;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPublished;
import io.sites.api.code.Warning;
import io.sites.api.code.WarningCode;
import io.sites.api.id.WebsiteId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.junit.jupiter.api.Test;

/**
 * VersionPublished's warnings are optional in every revision: an event stored without the field — revision 1 (before
 * warnings and actors existed, read through the upcasters) or revision 2 (a bundle without warnings) — reads back
 * with none, through the event serializer and upcaster chain the service runs with; one stored with warnings reads
 * them back; one without warnings is stored without the field.
 */
class VersionPublishedRevisionTest extends EmbeddedAppTest {

    /** A VersionPublished as revision 1 stored it, before warnings and the actor existed (the serializer's JSON). */
    static final String STORED_BEFORE_WARNINGS = """
            {"websiteId":"web_0123456789abcdef","jobId":"job_0123456789abcdef","version":2,\
            "kind":"refinement","message":"second","promote":true,"publishedBy":"acc_1",\
            "files":[{"path":"index.html","contentType":"text/html; charset=utf-8","size":5,\
            "sha256":"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"}]}""";

    /** A VersionPublished as revision 2 stores a bundle without warnings: with its actor, without the field. */
    static final String STORED_WITHOUT_WARNINGS = """
            {"websiteId":"web_0123456789abcdef","jobId":"job_0123456789abcdef","version":2,\
            "kind":"refinement","message":"second","promote":true,"publishedBy":"acc_1",\
            "files":[{"path":"index.html","contentType":"text/html; charset=utf-8","size":5,\
            "sha256":"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"}],\
            "actor":{"accountId":"acc_1","via":"token","credential":"laptop"}}""";

    @Test
    void anEventStoredWithoutWarningsReadsBackWithNone() {
        VersionPublished event = read(STORED_BEFORE_WARNINGS, "1");

        assertThat(event.version()).isEqualTo(2);
        assertThat(event.files()).extracting(ManifestEntry::path).containsExactly("index.html");
        assertThat(event.warnings()).isEmpty();
        assertThat(event.actor()).isEqualTo(Actor.unrecorded(new AccountId("acc_1")));
    }

    @Test
    void anEventOfRevisionTwoStoredWithoutWarningsReadsBackWithNone() {
        VersionPublished event = read(STORED_WITHOUT_WARNINGS, "2");

        assertThat(event.version()).isEqualTo(2);
        assertThat(event.files()).extracting(ManifestEntry::path).containsExactly("index.html");
        assertThat(event.warnings()).isEmpty();
        assertThat(event.actor()).isEqualTo(new Actor(new AccountId("acc_1"), Door.TOKEN, "laptop"));
    }

    @Test
    void anEventWithWarningsKeepsThemAndItsRevision() {
        Serializer serializer = bean(Configuration.class).eventSerializer();
        Warning broken = Warning.of(WarningCode.BROKEN_LINK, "index.html", "File \"index.html\" refers to …",
                "line 2: about.html");
        VersionPublished event = new VersionPublished(new WebsiteId("web_0123456789abcdef"),
                new JobId("job_0123456789abcdef"), 2, VersionKind.REFINEMENT, null, true, new AccountId("acc_1"),
                List.of(new ManifestEntry("index.html", "text/html", 5, "a".repeat(64))), List.of(broken),
                new Actor(new AccountId("acc_1"), Door.OAUTH, "Claude"));

        SerializedObject<byte[]> written = serializer.serialize(event, byte[].class);

        assertThat(written.getType().getRevision()).isEqualTo("2");
        VersionPublished read = serializer.deserialize(written);
        assertThat(read.warnings()).containsExactly(broken);
        assertThat(read).isEqualTo(event);
        assertThat(read(new String(written.getData(), StandardCharsets.UTF_8), "2"))
                .as("through the upcaster chain too").isEqualTo(event);
    }

    @Test
    void anEventWithoutWarningsIsStoredWithoutTheField() {
        Serializer serializer = bean(Configuration.class).eventSerializer();
        VersionPublished event = new VersionPublished(new WebsiteId("web_0123456789abcdef"),
                new JobId("job_0123456789abcdef"), 2, VersionKind.REFINEMENT, null, true, new AccountId("acc_1"),
                List.of(new ManifestEntry("index.html", "text/html", 5, "a".repeat(64))));

        byte[] written = serializer.serialize(event, byte[].class).getData();

        List<String> keys = new ArrayList<>();
        Http.JSON.readTree(written).propertyNames().forEach(keys::add);
        assertThat(keys).containsExactly("websiteId", "jobId", "version", "kind", "message", "promote",
                "publishedBy", "files", "actor");
        assertThat(read(new String(written, StandardCharsets.UTF_8), "2")).isEqualTo(event);
    }

    /** Reads a stored payload as the event store does: through the upcaster chain, then the event serializer. */
    private VersionPublished read(String payload, String revision) {
        Configuration axon = bean(Configuration.class);
        Serializer serializer = axon.eventSerializer();
        byte[] metadata = serializer.serialize(MetaData.emptyInstance(), byte[].class).getData();
        GenericDomainEventEntry<byte[]> stored = new GenericDomainEventEntry<>("Website", "web_0123456789abcdef", 1,
                UUID.randomUUID().toString(), "2026-01-02T03:04:05.000Z", VersionPublished.class.getName(), revision,
                payload.getBytes(StandardCharsets.UTF_8), metadata);
        return (VersionPublished) EventStreamUtils.upcastAndDeserializeDomainEvents(Stream.of(stored), serializer,
                axon.upcasterChain()).next().getPayload();
    }
}
