package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The site port's cache of encoded heads is bounded by bytes, however many distinct heads are asked for, and keeps
 * refusals' heads too (a flood is answered with one head over and over), never a head below 400.
 */
class ResponseHeadsTest {
    @Test
    void headsAtTheRulesLimitNeverKeepMoreThanTheCapacity() {
        long capacity = 1024 * 1024;
        ResponseHeads heads = new ResponseHeads(capacity);
        for (int i = 0; i < 200; i++) {
            SiteResponse response = new SiteResponse();
            List<String> rules = List.of("X-Pad", Integer.toString(i).repeat(30_000 / Integer.toString(i).length()));
            response.contentLength = 5;
            response.headKey = new SiteResponse.HeadKey("sha" + i, "text/plain", "Thu, 01 Jan 2026 00:00:00 GMT",
                    SiteFiles.Coding.IDENTITY, 200, false, 5, rules);
            byte[] head = heads.head(response);
            assertThat(new String(head, java.nio.charset.StandardCharsets.US_ASCII)).contains("X-Pad: ");
            assertThat(heads.head(response)).as("the same head again").isSameAs(head);
            assertThat(heads.rememberedBytes()).isLessThanOrEqualTo(capacity);
        }
    }

    @Test
    void aRefusalsHeadIsEncodedOnceAndADifferentOneIsItsOwn() {
        ResponseHeads heads = new ResponseHeads();
        byte[] first = heads.head(refusal(503, "208394"));
        assertThat(heads.head(refusal(503, "208394"))).as("the same refusal, another request").isSameAs(first);
        byte[] later = heads.head(refusal(503, "208393"));
        assertThat(new String(later, java.nio.charset.StandardCharsets.US_ASCII))
                .startsWith("HTTP/1.1 503 Service Unavailable\r\n").contains("Retry-After: 208393\r\n");
        assertThat(new String(heads.head(refusal(429, "1")), java.nio.charset.StandardCharsets.US_ASCII))
                .contains("429 Too Many Requests").contains("Retry-After: 1\r\n");

        SiteResponse moved = new SiteResponse();
        moved.status = 301;
        moved.header("Location", "/a/");
        assertThat(heads.head(moved)).as("a redirect is encoded each time").isNotSameAs(heads.head(moved));
    }

    private static SiteResponse refusal(int status, String retryAfter) {
        SiteResponse response = new SiteResponse();
        response.status = status;
        response.header("Content-Security-Policy", "default-src 'self'");
        response.header("Retry-After", retryAfter);
        response.contentLength = 12;
        return response;
    }
}
