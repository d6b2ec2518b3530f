package io.sites.api.site.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.policy.ContentPolicy.Load;
import org.junit.jupiter.api.Test;

/** The sites' policy: the header states what blocks() judges, and only plain http: and ws: of the loads are blocked. */
class ContentPolicyTest {

    @Test
    void theHeaderNamesEachLoadWithTheSchemesItAllows() {
        assertThat(ContentPolicy.HEADER).contains("img-src 'self' data: blob: https:;",
                "media-src 'self' data: blob: https:;", "font-src 'self' data: https:;",
                "connect-src 'self' data: blob: https: wss:;", "form-action 'self' https:;",
                "script-src 'self' 'unsafe-inline';", "style-src 'self' 'unsafe-inline';", "worker-src 'none'",
                "frame-ancestors 'none'");
        assertThat(Load.CONNECT.allowed()).isEqualTo("data:, blob:, https: and wss:");
        assertThat(Load.FORM.allowed()).isEqualTo("https:");
        assertThat(ContentPolicy.EXPLAINED).contains(ContentPolicy.HEADER, "BLOCKED_ORIGIN");
    }

    @Test
    void plainHttpAndWsAreBlockedHttpsAndRelativeAddressesAreNot() {
        for (Load load : Load.values()) {
            assertThat(ContentPolicy.blocks(load, "http")).as(load + " http").isTrue();
            assertThat(ContentPolicy.blocks(load, "HTTP")).as(load + " HTTP").isTrue();
            assertThat(ContentPolicy.blocks(load, "ws")).as(load + " ws").isTrue();
            assertThat(ContentPolicy.blocks(load, "https")).as(load + " https").isFalse();
            assertThat(ContentPolicy.blocks(load, null)).as(load + " relative").isFalse();
            assertThat(ContentPolicy.blocks(load, "javascript")).as(load + " no load").isFalse();
            assertThat(ContentPolicy.blocks(load, "mailto")).as(load + " no load").isFalse();
        }
        assertThat(ContentPolicy.blocks(Load.CONNECT, "wss")).isFalse();
        assertThat(ContentPolicy.blocks(Load.IMAGE, "wss")).isTrue();
        assertThat(ContentPolicy.blocks(Load.IMAGE, "data")).isFalse();
        assertThat(ContentPolicy.blocks(Load.FONT, "blob")).isTrue();
        assertThat(ContentPolicy.blocks(Load.FORM, "data")).isTrue();
    }
}
