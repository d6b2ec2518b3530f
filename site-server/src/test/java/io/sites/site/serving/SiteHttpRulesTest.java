package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.site.serving.SiteFiles.Coding;
import org.junit.jupiter.api.Test;

class SiteHttpRulesTest {

    @Test
    void oneRangeIsParsedSeveralOrMalformedAreIgnored() {
        assertThat(Ranges.parse("bytes=0-9", 100)).containsExactly(0, 9);
        assertThat(Ranges.parse("bytes=90-200", 100)).containsExactly(90, 99);
        assertThat(Ranges.parse("bytes=-10", 100)).containsExactly(90, 99);
        assertThat(Ranges.parse("bytes=-1000", 100)).containsExactly(0, 99);
        assertThat(Ranges.parse("bytes=50-", 100)).containsExactly(50, 99);
        assertThat(Ranges.parse("bytes=100-", 100)).isSameAs(Ranges.UNSATISFIABLE);
        assertThat(Ranges.parse("bytes=-0", 100)).isSameAs(Ranges.UNSATISFIABLE);
        assertThat(Ranges.parse("bytes=0-1,5-6", 100)).isNull();
        assertThat(Ranges.parse("bytes=5-1", 100)).isNull();
        assertThat(Ranges.parse("items=0-1", 100)).isNull();
        assertThat(Ranges.parse("bytes=a-b", 100)).isNull();
    }

    @Test
    void positionsAreDigitsOnlyAndHugeOnesReachPastTheFile() {
        assertThat(Ranges.parse("bytes=--5", 100)).as("a negative suffix once indexed past the file").isNull();
        assertThat(Ranges.parse("bytes=-+5", 100)).isNull();
        assertThat(Ranges.parse("bytes=+1-5", 100)).isNull();
        assertThat(Ranges.parse("bytes=1--5", 100)).isNull();
        assertThat(Ranges.parse("bytes=-", 100)).isNull();
        assertThat(Ranges.parse("bytes=0-99999999999999999999999", 100)).containsExactly(0, 99);
        assertThat(Ranges.parse("bytes=-99999999999999999999999", 100)).containsExactly(0, 99);
        assertThat(Ranges.parse("bytes=99999999999999999999999-", 100)).isSameAs(Ranges.UNSATISFIABLE);
        assertThat(Ranges.parse("bytes=0-", 0)).isSameAs(Ranges.UNSATISFIABLE);
    }

    @Test
    void brotliIsPreferredAndQZeroRefuses() {
        assertThat(SiteHeaders.accepted(null)).isEqualTo(Coding.IDENTITY);
        assertThat(SiteHeaders.accepted("gzip, deflate, br, zstd")).isEqualTo(Coding.BROTLI);
        assertThat(SiteHeaders.accepted("gzip")).isEqualTo(Coding.GZIP);
        assertThat(SiteHeaders.accepted("br;q=0, gzip;q=0.5")).isEqualTo(Coding.GZIP);
        assertThat(SiteHeaders.accepted("gzip;q=0")).isEqualTo(Coding.IDENTITY);
        assertThat(SiteHeaders.accepted("identity")).isEqualTo(Coding.IDENTITY);
        assertThat(SiteHeaders.accepted(" GZIP ,  Br ")).isEqualTo(Coding.BROTLI);
        assertThat(SiteHeaders.accepted("br ; q = 0.000, gzip ;q=1")).isEqualTo(Coding.GZIP);
        assertThat(SiteHeaders.accepted("br;q=0.001")).isEqualTo(Coding.BROTLI);
        assertThat(SiteHeaders.accepted("xgzip, gzipx, brr, b")).isEqualTo(Coding.IDENTITY);
        assertThat(SiteHeaders.accepted(",,gzip,")).isEqualTo(Coding.GZIP);
        assertThat(SiteHeaders.accepted("")).isEqualTo(Coding.IDENTITY);
    }

    @Test
    void textTypesAreCompressibleImagesAreNot() {
        assertThat(SiteFiles.compressible("text/html; charset=utf-8")).isTrue();
        assertThat(SiteFiles.compressible("application/javascript")).isTrue();
        assertThat(SiteFiles.compressible("image/svg+xml")).isTrue();
        assertThat(SiteFiles.compressible("application/json")).isTrue();
        assertThat(SiteFiles.compressible("image/png")).isFalse();
        assertThat(SiteFiles.compressible("video/mp4")).isFalse();
    }

    @Test
    void brotliLoadsOnThisPlatform() {
        assertThat(new SiteFiles(new SiteFilesTest.CountingStore(), 1 << 20, 1 << 20).brotli()).isTrue();
    }
}
