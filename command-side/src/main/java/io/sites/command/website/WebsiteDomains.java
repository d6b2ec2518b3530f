package io.sites.command.website;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.sites.api.DomainStatus;
import io.sites.api.code.ErrorCode;
import io.sites.api.command.AddDomainCommand;
import io.sites.api.command.CheckDomainCommand;
import io.sites.api.command.PreferDomainCommand;
import io.sites.api.command.RemoveDomainCommand;
import io.sites.api.event.DomainAdded;
import io.sites.api.event.DomainPreferred;
import io.sites.api.event.DomainRemoved;
import io.sites.api.event.DomainVerificationFailed;
import io.sites.api.event.DomainVerified;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.site.DomainPairs;
import io.sites.command.domain.DomainRefusedException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.axonframework.eventsourcing.EventSourcingHandler;

/**
 * A website's custom domains, part of the {@link Website} aggregate (its member): what each domain's checks decided.
 * Every input (the hostname's validity, the token, the DNS answer, the time) arrives in the command, so deciding is
 * pure and the same check applied twice records nothing new. Kept apart from Website so domains change one file.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
class WebsiteDomains {
    private Map<String, Domain> domains = new LinkedHashMap<>();

    /**
     * One domain's state; {@code missingSince} is set while a served domain's record is missing (grace period);
     * {@code apexChosen}, on an apex, says the owner chose it over its www name.
     */
    @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
    static final class Domain {
        String token;
        DomainStatus status = DomainStatus.PENDING;
        String reason;
        Instant missingSince;
        boolean apexChosen;

        boolean served() {
            return status == DomainStatus.VERIFIED || status == DomainStatus.ACTIVE;
        }
    }

    void add(WebsiteId websiteId, AddDomainCommand command) {
        if (domains.containsKey(command.hostname())) {
            return;
        }
        if (domains.size() >= command.limit()) {
            throw new DomainRefusedException(ErrorCode.DOMAIN_LIMIT, "This website already has " + domains.size()
                    + " custom domains, the most one website may have.");
        }
        apply(new DomainAdded(websiteId, command.hostname(), command.token(), command.by(), command.actor()));
    }

    /** Decides what one DNS check means for the domain (see {@link DomainVerificationFailed}). */
    void check(WebsiteId websiteId, CheckDomainCommand command, Actor actor) {
        Domain domain = require(command.hostname());
        if (command.found()) {
            if (!domain.served() || domain.missingSince != null) {
                apply(new DomainVerified(websiteId, command.hostname(), command.scheduled(), actor));
            }
            return;
        }
        if (!domain.served()) {
            if (!command.scheduled()) {
                apply(new DomainVerificationFailed(websiteId, command.hostname(), command.reason(),
                        command.checkedAt(), false, false, actor));
            }
            return;
        }
        if (domain.missingSince == null) {
            apply(new DomainVerificationFailed(websiteId, command.hostname(), command.reason(), command.checkedAt(),
                    false, command.scheduled(), actor));
        } else if (!command.checkedAt().isBefore(domain.missingSince.plus(command.grace()))) {
            apply(new DomainVerificationFailed(websiteId, command.hostname(), command.reason(), command.checkedAt(),
                    true, command.scheduled(), actor));
        }
    }

    void remove(WebsiteId websiteId, RemoveDomainCommand command) {
        require(command.hostname());
        apply(new DomainRemoved(websiteId, command.hostname(), command.by(), command.actor()));
    }

    /**
     * Makes {@code hostname} the name that serves of its apex/www pair (one of the two is the website's domain). The
     * choice is kept on the apex, so without the apex there is nothing to choose; choosing what already serves
     * records nothing.
     */
    void prefer(WebsiteId websiteId, PreferDomainCommand command) {
        String hostname = command.hostname();
        String partner = DomainPairs.partner(hostname);
        if (partner == null || !domains.containsKey(partner)) {
            require(hostname);
        }
        String apex = DomainPairs.apex(hostname);
        Domain apexDomain = domains.get(apex);
        boolean wantApex = hostname.equals(apex);
        if (apexDomain != null && apexDomain.apexChosen != wantApex) {
            apply(new DomainPreferred(websiteId, hostname, command.by(), command.actor()));
        }
    }

    Optional<Domain> find(String hostname) {
        return Optional.ofNullable(domains.get(hostname));
    }

    private Domain require(String hostname) {
        Domain domain = domains.get(hostname);
        if (domain == null) {
            throw new DomainRefusedException(ErrorCode.NOT_FOUND, "This website has no domain " + hostname + ".");
        }
        return domain;
    }

    @EventSourcingHandler
    void on(DomainAdded event) {
        Domain domain = new Domain();
        domain.token = event.token();
        domains.put(event.hostname(), domain);
    }

    @EventSourcingHandler
    void on(DomainVerified event) {
        Domain domain = domains.get(event.hostname());
        if (domain != null) {
            domain.status = DomainStatus.VERIFIED;
            domain.missingSince = null;
            domain.reason = null;
        }
    }

    @EventSourcingHandler
    void on(DomainVerificationFailed event) {
        Domain domain = domains.get(event.hostname());
        if (domain == null) {
            return;
        }
        domain.reason = event.reason();
        if (event.stopped()) {
            domain.status = DomainStatus.FAILED;
            domain.missingSince = null;
        } else if (domain.served() && domain.missingSince == null) {
            domain.missingSince = event.checkedAt();
        }
    }

    @EventSourcingHandler
    void on(DomainPreferred event) {
        Domain apex = domains.get(DomainPairs.apex(event.hostname()));
        if (apex != null) {
            apex.apexChosen = event.hostname().equals(DomainPairs.apex(event.hostname()));
        }
    }

    @EventSourcingHandler
    void on(DomainRemoved event) {
        domains.remove(event.hostname());
    }
}
