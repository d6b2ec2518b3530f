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
        assertThat(Roles.parse("").roles()).isEqualTo(Set.of(Role.API, Role.SITES));
        assertThat(Roles.parse("  ").roles()).isEqualTo(Set.of(Role.API, Role.SITES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"api,sites", "sites,api", " Sites , API ", "api,api,sites"})
    void bothRolesInAnyOrderAndCase(String value) {
        Roles roles = Roles.parse(value);
        assertThat(roles.has(Role.API)).isTrue();
        assertThat(roles.has(Role.SITES)).isTrue();
        assertThat(roles.only(Role.API)).isFalse();
        assertThat(roles.only(Role.SITES)).isFalse();
    }

    @Test
    void oneRole() {
        assertThat(Roles.parse("api").only(Role.API)).isTrue();
        assertThat(Roles.parse("API").has(Role.SITES)).isFalse();
        assertThat(Roles.parse(" sites ").only(Role.SITES)).isTrue();
        assertThat(Roles.parse("sites").has(Role.API)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"site", "apis", "api;sites", "api,", ",sites", "api sites", "web", "api,,sites", "both"})
    void anythingElseIsRefusedNamingTheSettingAndTheAllowedValues(String value) {
        assertThatThrownBy(() -> Roles.parse(value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SITES_ROLES (sites.roles) must be api, sites or api,sites (the default); it is '"
                        + value + "'");
    }
}
