package io.sites.app.feed;

import io.sites.api.id.AccountId;
import io.sites.api.query.HistoryView;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.HistoryJson;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * An event's data line: the website it belongs to, then the history entry exactly as getHistory shows it
 * ({@link HistoryJson}, with the usernames looked up now, as getHistory looks them up when read). One line of JSON.
 */
@Component
class FeedJson {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Accounts accounts;

    FeedJson(Accounts accounts) {
        this.accounts = accounts;
    }

    String write(String websiteId, HistoryView.Entry entry) {
        Map<AccountId, String> usernames = new HashMap<>();
        name(entry.actor().accountId(), usernames);
        if (entry.subject() != null) {
            name(entry.subject(), usernames);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("websiteId", websiteId);
        json.putAll(new HistoryJson(usernames).entry(entry));
        return JSON.writeValueAsString(json);
    }

    private void name(AccountId account, Map<AccountId, String> usernames) {
        accounts.usernameOf(account).ifPresent(name -> usernames.put(account, name));
    }
}
