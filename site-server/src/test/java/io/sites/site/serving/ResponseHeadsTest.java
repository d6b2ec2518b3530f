package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The site port's cache of encoded heads is bounded by bytes, however many distinct heads are asked for. */
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
}
