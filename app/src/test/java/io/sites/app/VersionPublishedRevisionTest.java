package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.AccountId;
import io.sites.api.JobId;
import io.sites.api.ManifestEntry;
import io.sites.api.VersionKind;
import io.sites.api.VersionPublished;
import io.sites.api.Warning;
import io.sites.api.WarningCode;
import io.sites.api.WebsiteId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.axonframework.config.Configuration;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.junit.jupiter.api.Test;

/**
 * VersionPublished gained its warnings within revision 1: an event stored before, without the field, reads back with
 * none, through the event serializer the service runs with; one stored with warnings reads them back.
 */
class VersionPublishedRevisionTest extends EmbeddedAppTest {

    /** A VersionPublished as revision 1 stored it before warnings existed (the serializer's own JSON). */
    static final String STORED_BEFORE_WARNINGS = """
            {"websiteId":"web_0123456789abcdef","jobId":"job_0123456789abcdef","version":2,\
            "kind":"refinement","message":"second","promote":true,"publishedBy":"acc_1",\
            "files":[{"path":"index.html","contentType":"text/html; charset=utf-8","size":5,\
            "sha256":"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"}]}""";

    @Test
    void anEventStoredWithoutWarningsReadsBackWithNone() {
        Serializer serializer = bean(Configuration.class).eventSerializer();
        SerializedObject<byte[]> stored = new SimpleSerializedObject<>(
                STORED_BEFORE_WARNINGS.getBytes(StandardCharsets.UTF_8), byte[].class,
                new SimpleSerializedType(VersionPublished.class.getName(), "1"));

        VersionPublished event = serializer.deserialize(stored);

        assertThat(event.version()).isEqualTo(2);
        assertThat(event.files()).extracting(ManifestEntry::path).containsExactly("index.html");
        assertThat(event.warnings()).isEmpty();
    }

    @Test
    void anEventWithWarningsKeepsThemAndItsRevision() {
        Serializer serializer = bean(Configuration.class).eventSerializer();
        Warning broken = Warning.of(WarningCode.BROKEN_LINK, "index.html", "File \"index.html\" refers to …",
                "line 2: about.html");
        VersionPublished event = new VersionPublished(new WebsiteId("web_0123456789abcdef"),
                new JobId("job_0123456789abcdef"), 2, VersionKind.REFINEMENT, null, true, new AccountId("acc_1"),
                List.of(new ManifestEntry("index.html", "text/html", 5, "a".repeat(64))), List.of(broken));

        SerializedObject<byte[]> written = serializer.serialize(event, byte[].class);

        assertThat(written.getType().getRevision()).isEqualTo("1");
        VersionPublished read = serializer.deserialize(written);
        assertThat(read.warnings()).containsExactly(broken);
        assertThat(read).isEqualTo(event);
    }
}
