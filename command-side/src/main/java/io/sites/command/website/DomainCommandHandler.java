package io.sites.command.website;

import io.sites.api.DomainStatus;
import io.sites.api.command.AddDomainCommand;
import io.sites.api.command.CheckDomainCommand;
import io.sites.api.command.PreferDomainCommand;
import io.sites.api.command.RemoveDomainCommand;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.DomainView;
import io.sites.api.site.DomainPairs;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * The domain commands: the Website aggregate decides ({@link WebsiteDomains}); beside it, in the same transaction,
 * the hostname's claim is taken before a verification and let go when the domain stops being served, and its row
 * ({@link DomainRows}) is written. Each answers the domain as it now stands.
 */
@Component
class DomainCommandHandler {
    private final Repository<Website> websites;
    private final DomainClaims claims;
    private final DomainRows rows;

    DomainCommandHandler(Repository<Website> websiteRepository, DomainClaims claims, DomainRows rows) {
        this.websites = websiteRepository;
        this.claims = claims;
        this.rows = rows;
    }

    @CommandHandler
    DomainView handle(AddDomainCommand command) {
        WebsiteId id = command.websiteId();
        Aggregate<Website> website = load(id);
        claims.requireFree(command.hostname(), id, holder -> stillServes(holder, command.hostname()));
        website.execute(site -> site.domainsFor(command.by()).add(id, command));
        return saved(website, id, command.hostname(), null);
    }

    @CommandHandler
    DomainView handle(CheckDomainCommand command) {
        WebsiteId id = command.websiteId();
        Aggregate<Website> website = load(id);
        if (command.found()) {
            claims.claim(command.hostname(), id, holder -> !holder.equals(id) && stillServes(holder,
                    command.hostname()));
        }
        website.execute(site -> {
            WebsiteDomains domains = command.scheduled() ? site.domainsForCheck() : site.domainsFor(command.by());
            // The periodic check acts for the owner, through no door.
            Actor actor = command.scheduled() ? Actor.unrecorded(site.owner()) : command.actor();
            domains.check(id, command, actor);
        });
        DomainView view = saved(website, id, command.hostname(), command.checkedAt());
        if (view.status() == DomainStatus.FAILED) {
            claims.release(command.hostname(), id);
        }
        return view;
    }

    /** The choice is kept on the apex, so its row is the one written. */
    @CommandHandler
    void handle(PreferDomainCommand command) {
        WebsiteId id = command.websiteId();
        Aggregate<Website> website = load(id);
        website.execute(site -> site.domainsFor(command.by()).prefer(id, command));
        String apex = DomainPairs.apex(command.hostname());
        website.execute(site -> site.domainsForCheck().find(apex)
                .ifPresent(domain -> rows.save(id, site.owner(), apex, domain, null)));
    }

    @CommandHandler
    void handle(RemoveDomainCommand command) {
        Aggregate<Website> website = load(command.websiteId());
        website.execute(site -> site.domainsFor(command.by()).remove(command.websiteId(), command));
        rows.delete(command.websiteId(), command.hostname());
        claims.release(command.hostname(), command.websiteId());
    }

    private DomainView saved(Aggregate<Website> website, WebsiteId id, String hostname, java.time.Instant checkedAt) {
        return website.invoke(site -> {
            WebsiteDomains.Domain domain = site.domainsForCheck().find(hostname).orElseThrow();
            rows.save(id, site.owner(), hostname, domain, checkedAt);
            return new DomainView(hostname, domain.status, domain.token, domain.reason, checkedAt);
        });
    }

    private boolean stillServes(WebsiteId holder, String hostname) {
        try {
            return websites.load(holder.value()).invoke(site -> site.serves(hostname));
        } catch (AggregateNotFoundException gone) {
            return false;
        }
    }

    private Aggregate<Website> load(WebsiteId id) {
        try {
            return websites.load(id.value());
        } catch (AggregateNotFoundException missing) {
            throw new WebsiteNotFoundException(id);
        }
    }
}
