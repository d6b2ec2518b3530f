package io.sites.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Statuses, kinds and roles are spelled as the spec spells them and read back exactly. */
class SpellingTest {

    @Test
    void eachValueIsItsLowerCaseNameAndReadsBack() {
        assertThat(JobStatus.READY.wire()).isEqualTo("ready");
        assertThat(WebsiteStatus.DELETED.wire()).isEqualTo("deleted");
        assertThat(WebsiteRole.EDITOR.wire()).isEqualTo("editor");
        assertThat(VersionKind.REFINEMENT.wire()).isEqualTo("refinement");
        assertThat(Category.REAL_ESTATE.wire()).isEqualTo("real_estate");
        for (JobStatus status : JobStatus.values()) {
            assertThat(JobStatus.fromWire(status.wire())).isSameAs(status);
        }
        for (WebsiteStatus status : WebsiteStatus.values()) {
            assertThat(WebsiteStatus.fromWire(status.wire())).isSameAs(status);
        }
        for (WebsiteRole role : WebsiteRole.values()) {
            assertThat(WebsiteRole.fromWire(role.wire())).isSameAs(role);
        }
        for (VersionKind kind : VersionKind.values()) {
            assertThat(VersionKind.fromWire(kind.wire())).isSameAs(kind);
        }
    }

    @Test
    void nothingStaysNothingAndOtherSpellingsAreRefused() {
        assertThat(JobStatus.fromWire(null)).isNull();
        assertThatThrownBy(() -> JobStatus.fromWire("READY")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebsiteRole.fromWire("admin")).hasMessageContaining("admin");
    }

    @Test
    void onlyReadyAndDeadJobsAreFinished() {
        assertThat(JobStatus.values()).filteredOn(JobStatus::finished)
                .containsExactlyInAnyOrder(JobStatus.READY, JobStatus.DEAD);
    }
}
