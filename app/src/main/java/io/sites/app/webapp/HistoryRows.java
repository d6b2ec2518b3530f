package io.sites.app.webapp;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.query.HistoryView;
import io.sites.api.query.ReadHistory;
import io.sites.api.query.WebsiteView;
import io.sites.app.identity.AccountUser;
import io.sites.app.identity.Accounts;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

/**
 * The website's history as the pages show it, read through the same query as getHistory: who did what, when, and
 * through which door, newest first, {@link #PAGE} at a time.
 */
@Component
class HistoryRows {
    static final int PAGE = 50;

    private final QueryGateway queries;
    private final Accounts accounts;
    private final Times times;

    HistoryRows(QueryGateway queries, Accounts accounts, Times times) {
        this.queries = queries;
        this.accounts = accounts;
        this.times = times;
    }

    /** Puts {@code history} (rows) and {@code olderThan} (the cursor of the older page, or null) in the model. */
    void add(AccountUser person, WebsiteView website, Long before, Model model) {
        HistoryView history = queries.query(new ReadHistory(person.account(), website.id(), PAGE, before),
                ResponseTypes.optionalInstanceOf(HistoryView.class)).join()
                .orElseThrow(() -> new PageNotFoundException(
                        "No website " + website.id() + " is visible to you."));
        Map<AccountId, String> names = new HashMap<>();
        model.addAttribute("history", history.items().stream().map(entry -> row(entry, names)).toList());
        model.addAttribute("olderThan", history.next());
    }

    private Row row(HistoryView.Entry entry, Map<AccountId, String> names) {
        Actor actor = entry.actor();
        String door = actor.via() == null ? "door not recorded"
                : door(actor.via().wire()) + (actor.credential() == null ? "" : " “" + actor.credential() + "”");
        String subject = entry.subject() == null ? null : name(entry.subject(), names);
        return new Row(entry.seq(), entry.at(), entry.type(), title(entry), name(actor.accountId(), names), door,
                entry.version(), details(entry, subject));
    }

    /** The event as a timeline's heading says it; the wire type stays in the row's data-type only. */
    private static String title(HistoryView.Entry entry) {
        String version = entry.version() == null ? "" : "Version " + entry.version();
        return switch (entry.type()) {
            case "website.created" -> "Website created";
            case "version.published" -> version + " published";
            case "version.promoted" -> entry.details().get("previousVersion") instanceof Number before
                    && entry.version() != null && entry.version() < before.intValue()
                    ? "Rolled back to version " + entry.version() : version + " made live";
            case "password.set" -> "Site password set";
            case "password.cleared" -> "Site password turned off";
            case "collaborator.added" -> "Editor invited";
            case "collaborator.removed" -> "Editor removed";
            case "website.deleted" -> "expiry".equals(entry.actor().via() == null ? null : entry.actor().via().wire())
                    ? "Website deleted by expiry" : "Website deleted";
            case "settings.changed" -> "Settings changed";
            case "versions.pruned" -> "Old versions removed";
            case "draft.created" -> "Published as an unclaimed draft";
            case "draft.claimed" -> "Draft claimed";
            case "website.expiring" -> "Expiry warning: deleted within 24 hours";

            case "quota.bandwidth" -> Boolean.TRUE.equals(entry.details().get("paused"))
                    ? "Bandwidth quota used up: sites paused" : "Bandwidth quota " + entry.details().get("percent")
                    + " % used";
            case "domain.added", "domain.verified", "domain.verification_failed", "domain.removed",
                    "domain.preferred" ->
                    DomainHistoryWords.title(entry);
            // An event this page has no words for yet still reads as words, never as its wire code.
            default -> entry.type().substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                    + entry.type().substring(1).replace('.', ' ').replace('_', ' ');
        };
    }

    /** The door as people say it; an unknown one as its wire name. */
    private static String door(String wire) {
        return switch (wire) {
            case "web" -> "the web app";
            case "token" -> "the token";
            case "oauth" -> "the OAuth app";
            case "operator" -> "the operator's command line";
            case "expiry" -> "its expiry time";
            case "quota" -> "the bandwidth quota";
            default -> wire;
        };
    }

    private String details(HistoryView.Entry entry, String subject) {
        Map<String, Object> d = entry.details();
        return switch (entry.type()) {
            case "version.published" -> "" + d.get("files") + (d.get("files") instanceof Number n && n.longValue() == 1 ? " file, " : " files, ")
                    + (d.get("bytes") instanceof Number bytes ? times.bytes(bytes.longValue()) : d.get("bytes") + " bytes")
                    + (Boolean.TRUE.equals(d.get("promote")) ? ", made live" : ", not made live")
                    + Optional.ofNullable(d.get("message")).map(m -> ": " + m).orElse("");
            case "version.promoted" -> d.get("previousVersion") == null ? "" : "replacing version " + d.get("previousVersion");
            case "collaborator.added", "collaborator.removed" -> subject;
            case "domain.added", "domain.verified", "domain.verification_failed", "domain.removed",
                    "domain.preferred" ->
                    DomainHistoryWords.details(entry);
            case "website.created" -> d.get("name") + Optional.ofNullable(d.get("slug")).map(s -> " (" + s + ")")
                    .orElse("");
            case "settings.changed" -> LifetimeWords.settings(d, times);
            case "versions.pruned" -> LifetimeWords.pruned(d);
            case "website.expiring" -> d.get("expiresAt") == null ? ""
                    : "expires " + times.format(Instant.parse(d.get("expiresAt").toString()));
            case "quota.bandwidth" -> d.get("bytesSent") instanceof Number sent && d.get("quotaBytes") instanceof Number
                    quota ? times.bytes(sent.longValue()) + " of " + times.bytes(quota.longValue()) + " in "
                    + d.get("month") : "";
            default -> "";
        };
    }

    private String name(AccountId account, Map<AccountId, String> names) {
        return names.computeIfAbsent(account, id -> accounts.usernameOf(id).orElse(id.value()));
    }

    /** One event of the history timeline. */
    record Row(long seq, Instant at, String type, String title, String who, String door, Integer version, String details) {
    }
}
