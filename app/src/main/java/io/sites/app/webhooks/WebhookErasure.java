package io.sites.app.webhooks;

import io.sites.app.usecases.AccountForgotten;
import java.util.List;
import java.util.Map;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What webhooks forget of a person who asks to be (issue 36, item 5): their hooks, with the deliveries and attempts
 * that hang on them (URLs and bodies), and in the recorded bodies of other accounts' hooks what the event store lost
 * ({@code EventErasure}): the token name and version message of their acts, and their username.
 */
@Component
class WebhookErasure {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcTemplate jdbc;

    WebhookErasure(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventListener
    void forget(AccountForgotten forgotten) {
        String id = forgotten.account().value();
        jdbc.update("delete from webhook where account_id = ?", id);
        List<Map<String, Object>> rows = jdbc.queryForList("select id, body from webhook_delivery where body like ?",
                "%" + id + "%");
        for (Map<String, Object> row : rows) {
            ObjectNode body = (ObjectNode) JSON.readTree((String) row.get("body"));
            anonymise(body, id, forgotten.erasedName());
            jdbc.update("update webhook_delivery set body = ? where id = ?", JSON.writeValueAsString(body),
                    row.get("id"));
        }
    }

    /** A recorded entry as getHistory would now show it: the person's acts without their words or name. */
    static void anonymise(ObjectNode body, String accountId, String erasedName) {
        if (body.get("actor") instanceof ObjectNode actor && accountId.equals(actor.path("accountId").asString(""))) {
            actor.remove("credential");
            actor.put("name", erasedName);
            if (body.get("details") instanceof ObjectNode details) {
                details.remove("message");
            }
        }
        JsonNode details = body.get("details");
        if (details instanceof ObjectNode named && accountId.equals(named.path("accountId").asString(""))) {
            named.put("username", erasedName);
        }
    }
}
