package io.sites.app.usecases;

import static io.sites.command.publish.WebsiteCommands.send;
import static io.sites.command.publish.WebsiteCommands.visibleId;

import io.sites.api.DomainStatus;
import io.sites.api.code.ErrorCode;
import io.sites.api.command.AddDomainCommand;
import io.sites.api.command.CheckDomainCommand;
import io.sites.api.command.PreferDomainCommand;
import io.sites.api.command.RemoveDomainCommand;
import io.sites.api.id.Actor;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.DomainView;
import io.sites.api.query.FindWebsite;
import io.sites.api.query.WebsiteView;
import io.sites.api.site.DomainPairs;
import io.sites.api.site.SiteAddress;
import io.sites.app.SiteUrls;
import io.sites.command.domain.DomainRecords;
import io.sites.command.domain.DomainRefusedException;
import io.sites.command.publish.ReadModels;
import io.sites.command.website.DomainRows;
import io.sites.command.website.WebsiteNotFoundException;
import io.sites.command.limits.AccountRation;
import io.sites.limits.RateWindows;
import io.sites.site.tls.DomainCertificates;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A website's custom domains for REST, MCP, the web application and the CLI: add (owner), list (owner and editors),
 * verify (owner: the DNS lookup here, its outcome decided by the Website aggregate), remove (owner). Each change
 * waits for this replica's projections, so a verified domain is served, and the history shows it, on the next
 * request.
 */
@Component
@EnableConfigurationProperties(DomainProperties.class)
public class DomainOperations {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CommandGateway commands;
    private final QueryGateway queries;
    private final ReadModels readModels;
    private final DomainRows rows;
    private final DomainProperties properties;
    private final DomainHostnames hostnames;
    private final DomainRecords records;
    private final String dnsTarget;
    private final Clock clock;
    private final AccountRation checks;
    private final DomainCertificates certificates;

    DomainOperations(CommandGateway commands, QueryGateway queries, ReadModels readModels, DomainRows rows,
            DomainProperties properties, SiteUrls urls, Clock clock, RateWindows windows, JdbcTemplate jdbc) {
        this.checks = new AccountRation(windows, "domain-check", properties.checksPerMinute(), "domain checks",
                "(each asks DNS)");
        this.certificates = DomainCertificates.of(jdbc);
        this.commands = commands;
        this.queries = queries;
        this.readModels = readModels;
        this.rows = rows;
        this.properties = properties;
        this.clock = clock;
        this.hostnames = new DomainHostnames(urls.ownHosts());
        this.records = new DomainRecords(resolver(properties.resolver()), properties.lookupTimeout());
        this.dnsTarget = properties.dnsTarget() == null || properties.dnsTarget().isBlank()
                ? urls.ownHosts().getFirst() : properties.dnsTarget();
    }

    /**
     * A domain as every door shows it: the record to create, where to point the name, the last check's reason, and
     * the name it redirects to when it is the name of a served apex/www pair that does not serve (null otherwise).
     */
    public record Domain(String hostname, String status, Verification verification, String dnsTarget,
            Certificate certificate, String reason, Instant checkedAt, String redirectsTo) {
    }

    /** The TXT record that proves control. */
    public record Verification(String type, String name, String value) {
    }

    /** The certificate once issued (issue 34, item 5); null until then. */
    public record Certificate(Instant notAfter, String issuer) {
    }

    public Domain add(Actor caller, String websiteId, String hostname) {
        return add(caller, websiteId, hostname, null);
    }

    /**
     * Adds the domain (again: the same answer) and, with {@code primary} given, makes it (true) or the other name
     * of its apex/www pair (false) the one that serves while both are served; the other redirects to it.
     */
    public Domain add(Actor caller, String websiteId, String hostname, Boolean primary) {
        WebsiteId id = visibleId(websiteId);
        String name = hostnames.normalize(hostname);
        if (rows.list(id).stream().noneMatch(d -> d.hostname().equals(name))
                && rows.countOwnedBy(caller.accountId()) >= properties.perAccount()) {
            throw new DomainRefusedException(ErrorCode.DOMAIN_LIMIT, "Your account already has "
                    + properties.perAccount() + " custom domains, the most one account may have.");
        }
        String token = HexFormat.of().formatHex(bytes(20));
        DomainView view = send(id, () -> commands.sendAndWait(new AddDomainCommand(id, name, token,
                properties.perWebsite(), caller.accountId(), caller)));
        if (primary != null) {
            String chosen = primary ? name : DomainPairs.partner(name);
            if (chosen != null) {
                send(id, () -> commands.sendAndWait(new PreferDomainCommand(id, chosen, caller.accountId(),
                        caller)));
            }
        }
        readModels.awaitWebsite(id);
        return answer(view, redirects(id).get(name));
    }

    public List<Domain> list(Actor caller, String websiteId) {
        WebsiteId id = readable(caller, websiteId);
        Map<String, String> redirects = redirects(id);
        return rows.list(id).stream().map(view -> answer(view, redirects.get(view.hostname()))).toList();
    }

    /**
     * Each served name of an apex/www pair that does not serve, to the name that does: both names served, the www
     * name serves unless the owner chose the apex (as every site replica decides it from the events).
     */
    private Map<String, String> redirects(WebsiteId id) {
        List<DomainView> views = rows.list(id);
        Set<String> served = new java.util.HashSet<>();
        views.stream().filter(view -> view.status() == DomainStatus.VERIFIED || view.status() == DomainStatus.ACTIVE)
                .forEach(view -> served.add(view.hostname()));
        Set<String> chosen = served.size() < 2 ? Set.of() : rows.chosenApexes(id);
        Map<String, String> redirects = new HashMap<>();
        for (String name : served) {
            String partner = DomainPairs.partner(name);
            if (partner != null && served.contains(partner)) {
                String canonical = DomainPairs.canonical(name, chosen.contains(DomainPairs.apex(name)));
                if (!canonical.equals(name)) {
                    redirects.put(name, canonical);
                }
            }
        }
        return redirects;
    }

    /** The website's id when the caller may read it (owner or editor); a stranger learns nothing. */
    private WebsiteId readable(Actor caller, String websiteId) {
        WebsiteId id = visibleId(websiteId);
        queries.query(new FindWebsite(caller.accountId(), id), ResponseTypes.optionalInstanceOf(WebsiteView.class))
                .join().orElseThrow(() -> new WebsiteNotFoundException(id));
        return id;
    }

    /** Checks the TXT record now; DOMAIN_UNVERIFIED (after the reason is recorded) when it does not prove control. */
    public Domain verify(Actor caller, String websiteId, String hostname) {
        // A stranger makes no DNS lookup: only who may read the website gets that far.
        WebsiteId id = readable(caller, websiteId);
        checks.take(caller.accountId());
        String name = hostname == null ? "" : hostname.strip().toLowerCase(java.util.Locale.ROOT);
        // The token is asked of the rows; a domain the website does not have is refused by the aggregate below.
        String token = rows.list(id).stream().filter(d -> d.hostname().equals(name)).map(DomainView::token)
                .findFirst().orElse("");
        DomainRecords.Lookup lookup = token.isEmpty() ? new DomainRecords.Lookup(false, "Unknown domain.")
                : records.check(name, token);
        DomainView view = send(id, () -> commands.sendAndWait(new CheckDomainCommand(id, name, lookup.found(),
                lookup.reason(), clock.instant(), properties.grace(), false, caller.accountId(), caller)));
        readModels.awaitWebsite(id);
        if (!lookup.found()) {
            throw new DomainRefusedException(ErrorCode.DOMAIN_UNVERIFIED, lookup.reason() + " Create a TXT record "
                    + DomainRecords.CHALLENGE_LABEL + name + " with the value " + token + ", then verify again.");
        }
        return answer(view, redirects(id).get(name));
    }

    public void remove(Actor caller, String websiteId, String hostname) {
        WebsiteId id = visibleId(websiteId);
        String name = hostname == null ? "" : hostname.strip().toLowerCase(java.util.Locale.ROOT);
        send(id, () -> commands.sendAndWait(new RemoveDomainCommand(id, name, caller.accountId(), caller)));
        readModels.awaitWebsite(id);
    }

    /** The periodic check of one served domain, for {@link DomainChecks}: acts for the owner, through no door. */
    void recheck(DomainRows.Served served) {
        DomainRecords.Lookup lookup = records.check(served.hostname(), served.token());
        try {
            send(served.websiteId(), () -> commands.sendAndWait(new CheckDomainCommand(served.websiteId(),
                    served.hostname(), lookup.found(), lookup.reason(), clock.instant(), properties.grace(), true,
                    null, null)));
        } catch (WebsiteNotFoundException gone) {
            rows.deleteAll(served.websiteId());
        }
    }

    /**
     * A verified domain with a certificate stored is {@code active}; while it has none, the last order's failure is
     * its reason (a TXT check's own reason comes first).
     */
    private Domain answer(DomainView view, String redirectsTo) {
        Certificate certificate = null;
        DomainStatus status = view.status();
        String reason = view.reason();
        if (status == DomainStatus.VERIFIED || status == DomainStatus.ACTIVE) {
            DomainCertificates.Issued issued = certificates.issued(view.hostname()).orElse(null);
            if (issued != null && issued.notAfter().isAfter(clock.instant())) {
                certificate = new Certificate(issued.notAfter(), issued.issuer());
                status = DomainStatus.ACTIVE;
            } else if (reason == null) {
                reason = certificates.failure(view.hostname()).map(failed -> "certificate: " + failed).orElse(null);
            }
        }
        return new Domain(view.hostname(), status.wire(), new Verification("dns-txt",
                DomainRecords.CHALLENGE_LABEL + view.hostname(), view.token()), dnsTarget, certificate, reason,
                view.checkedAt(), redirectsTo);
    }

    private static byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static InetSocketAddress resolver(String hostPort) {
        String host = SiteAddress.hostName(hostPort);
        int colon = hostPort.lastIndexOf(':');
        int port = colon > hostPort.lastIndexOf(']') && colon >= 0 ? Integer.parseInt(hostPort.substring(colon + 1))
                : 53;
        return new InetSocketAddress(host.replace("[", "").replace("]", ""), port);
    }
}
