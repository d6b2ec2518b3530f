package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.query.HistoryView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A website's history entries as JSON, in the one shape getHistory, webhooks and the live feed all show: each entry as
 * the interface shows it, with the usernames of the accounts it names as the
 * operation looked them up when read (a renamed account shows its new name; the events hold only ids). A door that was never recorded
 * (events stored before revision 2) has no {@code via}: absent says "unknown", where a made-up value would lie.
 */
public final class HistoryJson {
    private final Map<AccountId, String> usernames;

    public HistoryJson(Map<AccountId, String> usernames) {
        this.usernames = usernames;
    }

    public Map<String, Object> page(HistoryView history) {
        List<Map<String, Object>> items = history.items().stream().map(this::entry).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("items", items);
        if (history.next() != null) {
            body.put("next", Long.toString(history.next()));
        }
        return body;
    }

    public Map<String, Object> entry(HistoryView.Entry entry) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("seq", entry.seq());
        json.put("type", entry.type());
        json.put("at", entry.at().toString());
        json.put("actor", actor(entry.actor()));
        if (entry.version() != null) {
            json.put("version", entry.version());
        }
        Map<String, Object> details = new LinkedHashMap<>(entry.details());
        if (entry.subject() != null) {
            details.put("accountId", entry.subject().value());
            name(entry.subject()).ifPresent(name -> details.put("username", name));
        }
        json.put("details", details);
        return json;
    }

    private Map<String, Object> actor(Actor actor) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("accountId", actor.accountId().value());
        name(actor.accountId()).ifPresent(name -> json.put("name", name));
        if (actor.via() != null) {
            json.put("via", actor.via().wire());
        }
        if (actor.credential() != null) {
            json.put("credential", actor.credential());
        }
        return json;
    }

    private Optional<String> name(AccountId account) {
        return Optional.ofNullable(usernames.get(account));
    }
}
