package io.sites.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BundleLimitsTest {

    @Test
    void specLimitsMatchTheInterfaceSpecification() {
        BundleLimits spec = BundleLimits.spec();

        assertThat(spec.fileBytes()).isEqualTo(52_428_800L).isEqualTo(50L * 1024 * 1024);
        assertThat(spec.bundleBytes()).isEqualTo(1_073_741_824L).isEqualTo(1024L * 1024 * 1024);
        assertThat(spec.htmlPages()).isEqualTo(15);
        assertThat(spec.remoteFiles()).isEqualTo(20);
    }

    @Test
    void negativeLimitsAreRefused() {
        assertThatThrownBy(() -> new BundleLimits(-1, 10, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
