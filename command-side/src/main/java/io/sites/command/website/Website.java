package io.sites.command.website;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.sites.api.id.AccountId;
import io.sites.api.Category;
import io.sites.api.Door;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.command.ChangeWebsiteSettingsCommand;
import io.sites.api.command.ClaimDraftCommand;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.DraftCreated;
import io.sites.api.command.ExpireWebsiteCommand;
import io.sites.api.command.NoteBandwidthCommand;
import io.sites.api.command.WarnExpiryCommand;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteSettingsChanged;
import io.sites.api.id.Actor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.command.MayPublishCommand;
import io.sites.api.command.PromoteVersionCommand;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.command.RemoveCollaboratorCommand;
import io.sites.api.command.SetSitePasswordCommand;
import io.sites.api.event.SitePasswordCleared;
import io.sites.api.event.SitePasswordSet;
import io.sites.api.VersionKind;
import io.sites.api.event.VersionPromoted;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import java.util.HashSet;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateMember;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A website and its numbered versions. It decides who may publish and which number a version gets; the bytes
 * were checked and stored before the command arrived, so handling stays pure and fast. Fields are visible to
 * Jackson so that snapshots need no getters. The revision names the shape of those fields: a snapshot of another
 * revision (one without {@code currentVersion}) is ignored and the aggregate is loaded from its events. Revision 3
 * adds the settings and what retention needs ({@code liveUntil}, {@code pruned}); 4 the draft flag and the
 * bandwidth notices; 5 the expiry warning.
 */
@Revision("5")
@Aggregate(snapshotTriggerDefinition = "websiteSnapshotTrigger", cache = "websiteCache")
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class Website {

    @AggregateIdentifier
    private WebsiteId websiteId;
    private AccountId owner;
    private String slug;
    private int lastVersion;
    private int currentVersion;
    private Set<AccountId> editors = new HashSet<>();
    private boolean deleted;
    private boolean passwordProtected;
    @AggregateMember
    private WebsiteDomains domains = new WebsiteDomains();
    private String name;
    private String description;
    private Category category;
    private Integer retainVersions;
    private Instant expiresAt;
    /** When each version stopped being live: a version live within the rollback window is kept. */
    private Map<Integer, Instant> liveUntil = new HashMap<>();
    private Set<Integer> pruned = new HashSet<>();
    /** An unclaimed draft: owned by a placeholder account until a claim moves it (false in older snapshots). */
    private boolean draft;

    @AggregateMember
    private WebsiteBandwidth bandwidth = new WebsiteBandwidth();
    @AggregateMember
    private WebsiteExpiryWarning expiryWarning = new WebsiteExpiryWarning();

    Website() {
        // for event sourcing and snapshots
    }

    /** Created by {@link WebsiteCommandHandler} once the slug is claimed in the same transaction. */
    Website(CreateWebsiteCommand command) {
        apply(new WebsiteCreated(command.websiteId(), command.owner(), command.name(), command.slug(),
                command.category(), command.description(), command.actor()));
        apply(new VersionPublished(command.websiteId(), command.jobId(), 1, VersionKind.INITIAL, command.message(),
                true, command.owner(), command.files(), command.warnings(), command.actor()));
        if (command.retainVersions() != null) {
            apply(new WebsiteSettingsChanged(command.websiteId(), List.of(WebsiteSettingsChanged.RETAIN_VERSIONS),
                    null, null, null, command.retainVersions(), null, command.owner(), command.actor()));
        }
        if (command.draftExpiresAt() != null) {
            apply(new DraftCreated(command.websiteId(), command.owner(), command.draftExpiresAt(), command.actor()));
            apply(new WebsiteSettingsChanged(command.websiteId(), List.of(WebsiteSettingsChanged.EXPIRES_AT),
                    null, null, null, null, command.draftExpiresAt(), command.owner(), command.actor()));
        }
    }

    /**
     * A claim moves an unclaimed draft into the caller's account, clears its expiry, and makes live the draft's
     * version without the "unclaimed draft" notice when one was stored (the newest, never promoted). Only once: a
     * claimed (or deleted, or never draft) website refuses, so a claim link is single use.
     */
    @CommandHandler
    void handle(ClaimDraftCommand command) {
        if (deleted || !draft) {
            throw new DraftNotClaimableException(websiteId);
        }
        AccountId claimer = command.by();
        apply(new DraftClaimed(websiteId, owner, claimer, command.actor()));
        if (expiresAt != null) {
            apply(new WebsiteSettingsChanged(websiteId, List.of(WebsiteSettingsChanged.EXPIRES_AT), null, null,
                    null, null, null, claimer, command.actor()));
        }
        if (lastVersion > currentVersion && !pruned.contains(lastVersion)) {
            apply(new VersionPromoted(websiteId, lastVersion, currentVersion, claimer, command.actor()));
        }
    }

    /** A dry run asks the rule a publish meets below, and records nothing. */
    @CommandHandler
    void handle(MayPublishCommand command) {
        if (!mayPublish(command.caller())) {
            throw new WebsiteNotFoundException(command.websiteId());
        }
    }

    @CommandHandler
    PublishVersionCommand.Outcome handle(PublishVersionCommand command, Lifetimes lifetimes) {
        if (!mayPublish(command.publishedBy())) {
            // Strangers learn nothing: the same answer as for a website that does not exist.
            throw new WebsiteNotFoundException(command.websiteId());
        }
        if (command.ifCurrentVersion() != null && command.ifCurrentVersion() != currentVersion) {
            // Decided here, under the aggregate's lock, so two editors cannot both pass the check.
            throw new VersionConflictException(websiteId, command.ifCurrentVersion(), currentVersion);
        }
        int version = lastVersion + 1;
        apply(new VersionPublished(websiteId, command.jobId(), version, VersionKind.REFINEMENT, command.message(),
                command.promote(), command.publishedBy(), command.files(), command.warnings(), command.actor()));
        prune(lifetimes, command.publishedBy(), command.actor());
        return new PublishVersionCommand.Outcome(version, slug);
    }

    /**
     * Owners and editors make a stored version live; an older one is a rollback. The live version itself changes
     * nothing and records nothing. Every version the aggregate knows was stored ready (VersionPublished is applied
     * only after its bytes are stored), so no version is refused as not ready yet.
     */
    @CommandHandler
    PromoteVersionCommand.Outcome handle(PromoteVersionCommand command) {
        if (!mayPublish(command.by())) {
            throw new WebsiteNotFoundException(command.websiteId());
        }
        if (command.version() < 1 || command.version() > lastVersion) {
            throw new VersionNotFoundException(websiteId, command.version());
        }
        if (pruned.contains(command.version())) {
            throw new VersionPrunedException(websiteId, command.version());
        }
        int previous = currentVersion;
        if (command.version() == previous) {
            return new PromoteVersionCommand.Outcome(previous, false);
        }
        apply(new VersionPromoted(websiteId, command.version(), previous, command.by(), command.actor()));
        return new PromoteVersionCommand.Outcome(previous, true);
    }

    @CommandHandler
    void handle(AddCollaboratorCommand command) {
        requireOwner(command.by());
        if (command.collaborator().equals(owner) || editors.contains(command.collaborator())) {
            return;
        }
        apply(new CollaboratorAdded(websiteId, command.collaborator(), command.by(), command.actor()));
    }

    @CommandHandler
    void handle(RemoveCollaboratorCommand command) {
        requireOwner(command.by());
        if (editors.contains(command.collaborator())) {
            apply(new CollaboratorRemoved(websiteId, command.collaborator(), command.by(), command.actor()));
        }
    }

    @CommandHandler
    void handle(DeleteWebsiteCommand command) {
        requireOwner(command.by());
        apply(new WebsiteDeleted(websiteId, slug, command.by(), command.actor()));
    }

    @CommandHandler
    void handle(SetSitePasswordCommand command) {
        requireOwner(command.by());
        if (command.passwordHash() != null) {
            apply(new SitePasswordSet(websiteId, command.passwordHash(), command.by(), command.actor()));
        } else if (passwordProtected) {
            apply(new SitePasswordCleared(websiteId, command.by(), command.actor()));
        }
    }

    /** The custom domains, for the owner to change ({@link NotOwnerException} for an editor). */
    WebsiteDomains domainsFor(AccountId account) {
        requireOwner(account);
        return domains;
    }

    /** The custom domains for the periodic check, which acts for the owner; none on a deleted website. */
    WebsiteDomains domainsForCheck() {
        if (deleted) {
            throw new WebsiteNotFoundException(websiteId);
        }
        return domains;
    }

    /** Whether this website serves {@code hostname} now: a claim another website holds is stale otherwise. */
    boolean serves(String hostname) {
        return !deleted && domains.find(hostname).map(WebsiteDomains.Domain::served).orElse(false);
    }

    AccountId owner() {
        return owner;
    }

    /**
     * The owner's settings: only the given fields that differ are recorded, and a lowered retainVersions prunes at
     * once, in the owner's name. Values were checked before the command (the use case owns those rules).
     */
    @CommandHandler
    void handle(ChangeWebsiteSettingsCommand command, Lifetimes lifetimes) {
        requireOwner(command.by());
        List<String> changed = new ArrayList<>();
        for (String field : command.given()) {
            Object now = switch (field) {
                case WebsiteSettingsChanged.NAME -> name;
                case WebsiteSettingsChanged.DESCRIPTION -> description;
                case WebsiteSettingsChanged.CATEGORY -> category;
                case WebsiteSettingsChanged.RETAIN_VERSIONS -> retainVersions;
                case WebsiteSettingsChanged.EXPIRES_AT -> expiresAt;
                default -> throw new IllegalArgumentException("Not a website setting: " + field);
            };
            Object wanted = switch (field) {
                case WebsiteSettingsChanged.NAME -> command.name();
                case WebsiteSettingsChanged.DESCRIPTION -> command.description();
                case WebsiteSettingsChanged.CATEGORY -> command.category();
                case WebsiteSettingsChanged.RETAIN_VERSIONS -> command.retainVersions();
                default -> command.expiresAt();
            };
            if (!Objects.equals(now, wanted)) {
                changed.add(field);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        apply(new WebsiteSettingsChanged(websiteId, changed, command.name(), command.description(),
                command.category(), command.retainVersions(), command.expiresAt(), command.by(), command.actor()));
        prune(lifetimes, command.by(), command.actor());
    }

    /**
     * The expiry sweep's command: deletes the website as its owner would, through the door "expiry", only if this
     * website's own expiresAt has come (the sweep read a read model that may be older than a changed setting).
     */
    @CommandHandler
    boolean handle(ExpireWebsiteCommand command, Lifetimes lifetimes) {
        if (deleted || expiresAt == null || expiresAt.isAfter(lifetimes.now())) {
            return false;
        }
        apply(new WebsiteDeleted(websiteId, slug, owner, new Actor(owner, Door.EXPIRY, null)));
        return true;
    }

    /** The sweep's warning a day ahead: once per expiresAt, never for a deleted website or an unclaimed draft. */
    @CommandHandler
    boolean handle(WarnExpiryCommand command, Lifetimes lifetimes) {
        return !deleted && !draft && expiryWarning.warn(websiteId, owner, expiresAt, lifetimes.now());
    }

    /** The quota watch's notice: once per month and threshold, never on a deleted website. */
    @CommandHandler
    boolean handle(NoteBandwidthCommand command) {
        return !deleted && bandwidth.note(websiteId, owner, command);
    }

    /** Prunes what retainVersions (or the operator's default) no longer keeps, in the name of who caused it. */
    private void prune(Lifetimes lifetimes, AccountId by, Actor actor) {
        List<Integer> prune = Lifetimes.toPrune(lastVersion, currentVersion, lifetimes.retain(retainVersions), pruned,
                liveUntil, lifetimes.now());
        if (!prune.isEmpty()) {
            apply(new VersionsPruned(websiteId, prune, by, actor));
        }
    }

    /** Owners and editors publish; nobody acts on a deleted website, which answers as if it never existed. */
    private boolean mayPublish(AccountId account) {
        return !deleted && (owner.equals(account) || editors.contains(account));
    }

    /** Only the owner manages the website. An editor is told no (403-worthy); a stranger learns nothing (404). */
    private void requireOwner(AccountId account) {
        if (deleted || !owner.equals(account) && !editors.contains(account)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        if (!owner.equals(account)) {
            throw new NotOwnerException(websiteId);
        }
    }

    @EventSourcingHandler
    void on(WebsiteCreated event) {
        websiteId = event.websiteId();
        owner = event.owner();
        slug = event.slug();
        name = event.name();
        description = event.description();
        category = event.category();
    }

    @EventSourcingHandler
    void on(DraftCreated event) {
        draft = true;
    }

    @EventSourcingHandler
    void on(DraftClaimed event) {
        draft = false;
        owner = event.owner();
        editors.remove(event.owner());
    }

    @EventSourcingHandler
    void on(VersionPublished event, @Timestamp Instant at) {
        lastVersion = event.version();
        if (event.promote()) {
            live(event.version(), at);
        }
    }

    @EventSourcingHandler
    void on(VersionPromoted event, @Timestamp Instant at) {
        live(event.version(), at);
    }

    /** The version replaced is a rollback target from now on, for {@link Lifetimes#ROLLBACK_WINDOW}. */
    private void live(int version, Instant at) {
        if (currentVersion != 0 && currentVersion != version) {
            liveUntil.put(currentVersion, at);
        }
        liveUntil.remove(version);
        currentVersion = version;
    }

    @EventSourcingHandler
    void on(WebsiteSettingsChanged event) {
        if (event.sets(WebsiteSettingsChanged.NAME)) {
            name = event.name();
        }
        if (event.sets(WebsiteSettingsChanged.DESCRIPTION)) {
            description = event.description();
        }
        if (event.sets(WebsiteSettingsChanged.CATEGORY)) {
            category = event.category();
        }
        if (event.sets(WebsiteSettingsChanged.RETAIN_VERSIONS)) {
            retainVersions = event.retainVersions();
        }
        if (event.sets(WebsiteSettingsChanged.EXPIRES_AT)) {
            expiresAt = event.expiresAt();
        }
    }

    @EventSourcingHandler
    void on(VersionsPruned event) {
        pruned.addAll(event.versions());
        event.versions().forEach(liveUntil::remove);
    }

    @EventSourcingHandler
    void on(CollaboratorAdded event) {
        editors.add(event.collaborator());
    }

    @EventSourcingHandler
    void on(CollaboratorRemoved event) {
        editors.remove(event.collaborator());
    }

    @EventSourcingHandler
    void on(WebsiteDeleted event) {
        deleted = true;
    }

    @EventSourcingHandler
    void on(SitePasswordSet event) {
        passwordProtected = true;
    }

    @EventSourcingHandler
    void on(SitePasswordCleared event) {
        passwordProtected = false;
    }
}
