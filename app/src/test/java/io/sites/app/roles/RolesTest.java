package io.sites.app.roles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SITES_ROLES: the three settings in any spelling, and a clear refusal of anything else. */
class RolesTest {

    @Test
    void unsetOrBlankIsBothRoles() {
        assertThat(Roles.parse("").roles()).isEqualTo(Set.of(ServiceRole.API, ServiceRole.SITES));
        assertThat(Roles.parse("  ").roles()).isEqualTo(Set.of(ServiceRole.API, ServiceRole.SITES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"api,sites", "sites,api", " Sites , API ", "api,api,sites"})
    void bothRolesInAnyOrderAndCase(String value) {
        Roles roles = Roles.parse(value);
        assertThat(roles.has(ServiceRole.API)).isTrue();
        assertThat(roles.has(ServiceRole.SITES)).isTrue();
        assertThat(roles.only(ServiceRole.API)).isFalse();
        assertThat(roles.only(ServiceRole.SITES)).isFalse();
    }

    @Test
    void oneRole() {
        assertThat(Roles.parse("api").only(ServiceRole.API)).isTrue();
        assertThat(Roles.parse("API").has(ServiceRole.SITES)).isFalse();
        assertThat(Roles.parse(" sites ").only(ServiceRole.SITES)).isTrue();
        assertThat(Roles.parse("sites").has(ServiceRole.API)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"site", "apis", "api;sites", "api,", ",sites", "api sites", "web", "api,,sites", "both"})
    void anythingElseIsRefusedNamingTheSettingAndTheAllowedValues(String value) {
        assertThatThrownBy(() -> Roles.parse(value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SITES_ROLES (sites.roles) must be api, sites or api,sites (the default); it is '"
                        + value + "'");
    }
}
