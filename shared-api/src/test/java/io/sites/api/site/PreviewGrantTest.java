package io.sites.api.site;

import io.sites.api.id.WebsiteId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The grant's format: it opens exactly its version of its website until it expires, and nothing else. */
class PreviewGrantTest {
    private static final WebsiteId WEBSITE = WebsiteId.generate();
    private static final WebsiteId OTHER = WebsiteId.generate();
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    private final PreviewGrant grants = new PreviewGrant(key((byte) 1));

    private static byte[] key(byte fill) {
        byte[] key = new byte[32];
        Arrays.fill(key, fill);
        return key;
    }

    @Test
    void opensItsVersionUntilItExpires() {
        String grant = grants.mint(WEBSITE, 3, NOW.plus(PreviewGrant.LIFETIME));
        assertThat(grant).matches("\\d{10}\\.[A-Za-z0-9_-]{43}");
        assertThat(PreviewGrant.expiry(grant)).isEqualTo(NOW.plus(PreviewGrant.LIFETIME).getEpochSecond());
        assertThat(grants.admits(grant, WEBSITE, 3, NOW)).isTrue();
        assertThat(grants.admits(grant, WEBSITE, 3, NOW.plus(PreviewGrant.LIFETIME).minusSeconds(1))).isTrue();
        assertThat(grants.admits(grant, WEBSITE, 3, NOW.plus(PreviewGrant.LIFETIME))).as("expired").isFalse();
        assertThat(grants.admits(grant, WEBSITE, 4, NOW)).as("another version").isFalse();
        assertThat(grants.admits(grant, OTHER, 3, NOW)).as("another website").isFalse();
        assertThat(new PreviewGrant(key((byte) 2)).admits(grant, WEBSITE, 3, NOW)).as("another key").isFalse();
    }

    @Property
    void noAlteredGrantOpensAnything(int position, int replacement) {
        String grant = grants.mint(WEBSITE, 3, NOW.plus(PreviewGrant.LIFETIME));
        int at = position % grant.length();
        char changed = (char) replacement;
        String altered = grant.substring(0, at) + changed + grant.substring(at + 1);
        if (!altered.equals(grant) && !sameBytes(grant, altered)) {
            assertThat(grants.admits(altered, WEBSITE, 3, NOW)).as(altered).isFalse();
        }
        assertThat(grants.admits(grant.substring(0, at), WEBSITE, 3, NOW)).isFalse();
    }

    static Cases noAlteredGrantOpensAnything() {
        return Cases.tries(300, Gen.ints(0, 53), Gen.ints(1, 127));
    }

    /** Base64's last character carries spare bits: two spellings may decode to the same bytes (a valid mac). */
    private static boolean sameBytes(String grant, String altered) {
        try {
            return Arrays.equals(java.util.Base64.getUrlDecoder().decode(grant.substring(grant.indexOf('.') + 1)),
                    java.util.Base64.getUrlDecoder().decode(altered.substring(altered.indexOf('.') + 1)))
                    && PreviewGrant.expiry(grant) == PreviewGrant.expiry(altered);
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException notTheSameShape) {
            return false;
        }
    }

    @Test
    void malformedGrantsAreNoGrants() {
        for (String grant : new String[] {null, "", ".", "1.", "abc.def", "-1.AAAA", "99999999999999999999.AAAA",
                "1893456000", "1893456000.!!!!", "1893456000." + "A".repeat(43) + "=="}) {
            assertThat(grants.admits(grant == null ? "" : grant, WEBSITE, 3, NOW)).as(String.valueOf(grant)).isFalse();
        }
        assertThat(PreviewGrant.expiry(null)).isEqualTo(-1);
    }

    @Test
    void aShortKeyIsRefused() {
        assertThatThrownBy(() -> new PreviewGrant(new byte[16])).isInstanceOf(IllegalArgumentException.class);
    }
}
