package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.app.identity.Accounts;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The operator's {@code purge-account <username>}, for a person who asks to be forgotten (issue 36, item 5): every
 * website the account owns is deleted as by the operator (events {@code WebsiteDeleted}, slugs stay claimed), its
 * tokens, OAuth grants, web sessions, upload slots and records of stored digests go, and the account row keeps only
 * its id under a name that says nothing ({@code erased-<id>}). The events stay, naming only that id: a tombstone.
 * The bytes go with the blob collector a grace period later (docs/ARCHITECTURE.md, "The life of a blob"), except
 * those another account's retained version also holds (content-addressed: they are that account's too).
 */
@Component
public class AccountErasure {
    private final Accounts accounts;
    private final LifecycleOperations lifecycle;
    private final JdbcTemplate jdbc;

    AccountErasure(Accounts accounts, LifecycleOperations lifecycle, JdbcTemplate jdbc) {
        this.accounts = accounts;
        this.lifecycle = lifecycle;
        this.jdbc = jdbc;
    }

    /** What an erasure did. */
    public record Erased(AccountId account, List<String> websites, int tokens) {
    }

    public Erased erase(String username) {
        AccountId account = accounts.byUsername(username)
                .orElseThrow(() -> new IllegalArgumentException("No account '" + username + "'."));
        // The read model names the websites the account owns; each deletion is the aggregate's decision.
        List<String> websites = jdbc.queryForList("select id from qs_website where owner_id = ? and deleted_at is null",
                String.class, account.value());
        for (String website : websites) {
            lifecycle.deleteWebsite(Actor.operatorFor(account), website);
        }
        int tokens = jdbc.update("delete from access_token where account_id = ?", account.value());
        jdbc.update("delete from oauth2_authorization where principal_name = ?", username);
        jdbc.update("delete from oauth2_authorization_consent where principal_name = ?", username);
        jdbc.update("delete from spring_session where principal_name = ?", username);
        jdbc.update("delete from upload_slot where account_id = ?", account.value());
        jdbc.update("delete from account_blob where account_id = ?", account.value());
        jdbc.update("update account set username = ?, password_hash = null where id = ?",
                "erased-" + account.value(), account.value());
        return new Erased(account, websites, tokens);
    }
}
