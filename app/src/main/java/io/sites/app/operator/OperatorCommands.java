package io.sites.app.operator;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.WebsiteId;
import io.sites.app.collaborators.Collaborators;
import io.sites.app.identity.Accounts;
import io.sites.app.usecases.AccountErasure;
import io.sites.app.usecases.AccountQuotas;
import io.sites.query.website.ReadModelReplay;
import java.util.List;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;

/**
 * What operators do until the web application does it, as arguments of the jar:
 * <ul>
 * <li>{@code collaborator add|remove <websiteId> <username>}: runs the command on the owner's behalf, prints one
 * line (the result on stdout, or the reason on stderr) and exits, beside a serving replica
 * ({@link OperatorEnvironment}). The rules are the web application's ({@link Collaborators}): the person needs an
 * account.</li>
 * <li>{@code quota show|set <username> [bandwidth=<size>] [storage=<size>] [requests-second=<n>]}: shows or sets
 * the account's own quotas ({@link AccountQuotas}; sizes as {@code 200GB}, {@code 512MB}); what is not named keeps
 * its value. A raised bandwidth quota lifts the pause within a round of the quota watch.</li>
 * <li>{@code purge-account <username>}: erases a person who asks to be forgotten ({@link AccountErasure}): their
 * websites deleted, tokens and grants gone, the account anonymised; their bytes go with the blob collector.</li>
 * <li>{@code replay read-model}: starts this replica as usual and rebuilds the read model while it serves.</li>
 * </ul>
 */
@Component
class OperatorCommands implements ApplicationRunner {
    static final String USAGE = "Usage: collaborator add|remove <websiteId> <username> | quota show|set <username>"
            + " [bandwidth=<size>] [storage=<size>] [requests-second=<n>] | purge-account <username>"
            + " | replay <processor>";

    private final Collaborators collaborators;
    private final EventStore events;
    private final ReadModelReplay replay;
    private final ConfigurableApplicationContext context;
    private final AccountQuotas quotas;
    private final Accounts accounts;
    private final AccountErasure erasure;

    OperatorCommands(Collaborators collaborators, EventStore events, ReadModelReplay replay,
            ConfigurableApplicationContext context, AccountQuotas quotas, Accounts accounts,
            AccountErasure erasure) {
        this.quotas = quotas;
        this.accounts = accounts;
        this.erasure = erasure;
        this.collaborators = collaborators;
        this.events = events;
        this.replay = replay;
        this.context = context;
    }

    @Override
    public void run(ApplicationArguments arguments) throws InterruptedException {
        List<String> words = arguments.getNonOptionArgs();
        if (words.isEmpty()) {
            return;
        }
        if (words.size() == 2 && "replay".equals(words.getFirst())) {
            replay.replay(words.get(1));
            return;
        }
        int status = execute(words);
        System.exit(SpringApplication.exit(context, () -> status));
    }

    /** Runs a one-shot command; 0 when it succeeded (its result on stdout), 1 (the reason on stderr) when not. */
    int execute(List<String> words) {
        try {
            if (words.size() >= 3 && "quota".equals(words.getFirst())) {
                System.out.println(quota(words));
                return 0;
            }
            if (words.size() == 2 && "purge-account".equals(words.getFirst())) {
                AccountErasure.Erased erased = erasure.erase(words.get(1));
                System.out.println("Account " + erased.account() + " erased: " + erased.websites().size()
                        + " websites deleted, " + erased.tokens() + " tokens revoked, " + erased.events()
                        + " events anonymised; its bytes go at the next blob"
                        + " collection after the grace period.");
                return 0;
            }
            if (words.size() != 4 || !"collaborator".equals(words.getFirst())) {
                throw new IllegalArgumentException(USAGE);
            }
            System.out.println(collaborator(words.get(1), words.get(2), words.get(3)));
            return 0;
        } catch (RuntimeException failed) {
            System.err.println(failed.getMessage());
            return 1;
        }
    }

    private String collaborator(String action, String websiteId, String username) {
        if (!WebsiteId.isWellFormed(websiteId)) {
            throw new IllegalArgumentException("'" + websiteId + "' is not a website id. " + USAGE);
        }
        WebsiteId website = new WebsiteId(websiteId);
        Actor owner = Actor.operatorFor(owner(website));
        return switch (action) {
            case "add" -> collaborators.add(website, owner, username) + " is now an editor of " + website;
            case "remove" -> collaborators.remove(website, owner, username) + " is no longer an editor of " + website;
            default -> throw new IllegalArgumentException(USAGE);
        };
    }

    /** quota show|set: the account's quotas after the change, one line. */
    private String quota(List<String> words) {
        String username = words.get(2);
        AccountId account = accounts.byUsername(username)
                .orElseThrow(() -> new IllegalArgumentException("No account named '" + username + "'."));
        AccountQuotas.Quota quota;
        if ("show".equals(words.get(1)) && words.size() == 3) {
            quota = quotas.of(account);
        } else if ("set".equals(words.get(1)) && words.size() > 3) {
            Long bandwidth = null;
            Long storage = null;
            Integer requests = null;
            for (String setting : words.subList(3, words.size())) {
                int equals = setting.indexOf('=');
                String value = equals < 0 ? "" : setting.substring(equals + 1);
                try {
                    switch (equals < 0 ? setting : setting.substring(0, equals)) {
                        case "bandwidth" -> bandwidth = DataSize.parse(value).toBytes();
                        case "storage" -> storage = DataSize.parse(value).toBytes();
                        case "requests-second" -> requests = Integer.valueOf(value);
                        default -> throw new IllegalArgumentException(USAGE);
                    }
                } catch (NumberFormatException notANumber) {
                    throw new IllegalArgumentException("'" + setting + "' is not a size or a number. " + USAGE);
                }
            }
            quota = quotas.set(account, bandwidth, storage, requests);
        } else {
            throw new IllegalArgumentException(USAGE);
        }
        return username + ": bandwidth " + quota.bandwidthMonth() + " bytes a month, storage " + quota.storageBytes()
                + " bytes, " + quota.requestsSecond() + " requests a second per website";
    }

    /**
     * The operator acts for the owner, whom the website's first event names (read from the first event: a snapshot
     * would hide it). The history shows the owner's account through the door operator.
     */
    private AccountId owner(WebsiteId website) {
        return events.readEvents(website.value(), 0).asStream()
                .map(message -> message.getPayload())
                .filter(WebsiteCreated.class::isInstance).map(WebsiteCreated.class::cast)
                .map(WebsiteCreated::owner).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No website " + website + "."));
    }
}
