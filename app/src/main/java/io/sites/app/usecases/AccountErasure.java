package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.app.axon.EventErasure;
import io.sites.app.identity.Accounts;
import io.sites.app.identity.Usernames;
import io.sites.query.website.ErasedWebsites;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The operator's {@code purge-account <username>}, for a person who asks to be forgotten (issue 36, item 5): every
 * website the account owns is deleted as by the operator (events {@code WebsiteDeleted}, slugs stay claimed), its
 * tokens, OAuth grants, web sessions, upload slots and records of stored digests go, and the account row keeps only
 * its id under a name that says nothing ({@code erased-<id>}). Then the person's words are forgotten: the events
 * of every website it ever owned become anonymised tombstones and its acts on other websites lose their token name
 * and message ({@link EventErasure}), the read model follows ({@link ErasedWebsites}), and the usage, idempotency,
 * quota and certificate rows of those websites go; a feature with rows of its own (webhooks) hears {@link
 * AccountForgotten}. The bytes go with the blob collector a grace period later
 * (docs/ARCHITECTURE.md, "The life of a blob"), except those another account's retained version also holds
 * (content-addressed: they are that account's too). docs/DECISIONS.md, "Forgetting a person", has the argument.
 */
@Component
public class AccountErasure {
    private final Accounts accounts;
    private final LifecycleOperations lifecycle;
    private final JdbcTemplate jdbc;
    private final EventErasure events;
    private final ErasedWebsites readModel;
    private final ApplicationEventPublisher publisher;

    AccountErasure(Accounts accounts, LifecycleOperations lifecycle, JdbcTemplate jdbc, EventErasure events,
            ErasedWebsites readModel, ApplicationEventPublisher publisher) {
        this.accounts = accounts;
        this.lifecycle = lifecycle;
        this.jdbc = jdbc;
        this.events = events;
        this.readModel = readModel;
        this.publisher = publisher;
    }

    /** What an erasure did. */
    public record Erased(AccountId account, List<String> websites, int tokens, int events) {
    }

    public Erased erase(String username) {
        AccountId account = accounts.byUsername(username)
                .orElseThrow(() -> new IllegalArgumentException("No account '" + username + "'."));
        // The read model names the websites the account owns; each deletion is the aggregate's decision.
        List<String> websites = jdbc.queryForList("select id from qs_website where owner_id = ? and deleted_at is null",
                String.class, account.value());
        for (String website : websites) {
            lifecycle.deleteWebsite(Actor.operatorFor(account), website);
            // The read model has the deletion before its rows are anonymised: it never writes the words back.
            lifecycle.awaitWebsite(new WebsiteId(website));
        }
        List<String> owned = jdbc.queryForList("select id from qs_website where owner_id = ?", String.class,
                account.value());
        int tokens = jdbc.update("delete from access_token where account_id = ?", account.value());
        jdbc.update("delete from oauth2_authorization where principal_name = ?", username);
        jdbc.update("delete from oauth2_authorization_consent where principal_name = ?", username);
        jdbc.update("delete from spring_session where principal_name = ?", username);
        jdbc.update("delete from upload_slot where account_id = ?", account.value());
        jdbc.update("delete from account_blob where account_id = ?", account.value());
        jdbc.update("delete from file_findings where account_id = ?", account.value());
        jdbc.update("delete from idempotent_request where account_id = ?", account.value());
        jdbc.update("delete from quota_notice where account_id = ?", account.value());
        jdbc.update("delete from account_quota where account_id = ?", account.value());
        // Rate windows keyed by the person: failed sign-ins count under the username, publishes under the account.
        jdbc.update("delete from rate_window where subject in (?, ?)", Usernames.normalize(username), account.value());
        String erasedName = "erased-" + account.value();
        jdbc.update("update account set username = ?, password_hash = null where id = ?", erasedName,
                account.value());
        EventErasure.Erased erased = events.forget(account, owned);
        readModel.forget(owned, erased.clearedJobs(), EventErasure.ERASED);
        for (String website : owned) {
            // Domains of a deleted website linger until a periodic check finds it gone; the person's go now.
            for (String table : List.of("usage_hour", "usage_day", "usage_path", "usage_referrer", "website_domain",
                    "domain_claim")) {
                jdbc.update("delete from " + table + " where website_id = ?", website);
            }
        }
        // Certificates and orders of the person's domains, unless another website has claimed the name since.
        for (String hostname : erased.hostnames()) {
            for (String table : List.of("tls_certificate", "acme_order", "acme_challenge")) {
                jdbc.update("delete from " + table + " where hostname = ? and not exists "
                        + "(select 1 from domain_claim where domain_claim.hostname = ?)", hostname, hostname);
            }
        }
        // Features with rows of their own (webhooks: URLs, recorded bodies) forget too.
        publisher.publishEvent(new AccountForgotten(account, erasedName));
        return new Erased(account, websites, tokens, erased.events());
    }
}
