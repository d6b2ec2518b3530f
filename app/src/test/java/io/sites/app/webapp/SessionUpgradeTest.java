package io.sites.app.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.AccountId;
import io.sites.app.PostgresAppTest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A session stored by the release before the ids moved package (its attributes name {@code io.sites.api.AccountId})
 * still signs its person in after the upgrade, and a session attribute no release can read signs the person out
 * instead of breaking every page.
 */
class SessionUpgradeTest extends PostgresAppTest {
    private static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int serverPort;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aSessionWrittenUnderTheOldClassNamesStillSignsItsPersonIn() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        assertThat(browser.signUp("upgrade-person", PASSWORD).statusCode()).isEqualTo(302);
        int renamed = rewriteAttributes("upgrade-person",
                bytes -> rename(bytes, AccountId.class.getName(), "io.sites.api.AccountId"));
        assertThat(renamed).as("the session held an AccountId under its new name").isPositive();

        var page = browser.get("/app/websites");
        assertThat(page.statusCode()).as("still signed in").isEqualTo(200);
        assertThat(page.body()).contains("upgrade-person");
    }

    @Test
    void anUnreadableSessionAttributeSignsThePersonOutWithoutAnError() {
        Browser browser = new Browser(serverPort, "127.0.0.1");
        assertThat(browser.signUp("unreadable-person", PASSWORD).statusCode()).isEqualTo(302);
        assertThat(rewriteAttributes("unreadable-person",
                bytes -> rename(bytes, AccountId.class.getName(), "io.sites.gone.AccountId"))).isPositive();

        var page = browser.get("/app/websites");
        assertThat(page.statusCode()).as("asked to sign in again, not an error: " + page.body()).isEqualTo(302);
        assertThat(page.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).contains("/app/login"));
    }

    /** Rewrites each attribute of the person's session that holds {@code from}; answers how many it rewrote. */
    private int rewriteAttributes(String username, java.util.function.UnaryOperator<byte[]> change) {
        var rows = jdbc.queryForList("""
                select a.session_primary_id, a.attribute_name, a.attribute_bytes from spring_session_attributes a
                join spring_session s on s.primary_id = a.session_primary_id where s.principal_name = ?""", username);
        int changed = 0;
        for (var row : rows) {
            byte[] before = (byte[]) row.get("attribute_bytes");
            byte[] after = change.apply(before);
            if (!Arrays.equals(before, after)) {
                changed += jdbc.update("update spring_session_attributes set attribute_bytes = ? "
                        + "where session_primary_id = ? and attribute_name = ?", after,
                        row.get("session_primary_id"), row.get("attribute_name"));
            }
        }
        return changed;
    }

    /** Replaces a class name in a Java serialization stream, where it is written with a two-byte length. */
    static byte[] rename(byte[] stream, String from, String to) {
        byte[] old = utf(from);
        byte[] now = utf(to);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < stream.length) {
            if (i + old.length <= stream.length && Arrays.equals(stream, i, i + old.length, old, 0, old.length)) {
                out.writeBytes(now);
                i += old.length;
            } else {
                out.write(stream[i++]);
            }
        }
        return out.toByteArray();
    }

    private static byte[] utf(String name) {
        byte[] text = name.getBytes(StandardCharsets.UTF_8);
        byte[] written = new byte[text.length + 2];
        written[0] = (byte) (text.length >> 8);
        written[1] = (byte) text.length;
        System.arraycopy(text, 0, written, 2, text.length);
        return written;
    }
}
