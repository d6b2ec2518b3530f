package io.sites.command.publish;

import io.sites.api.command.MayPublishCommand;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.command.limits.CommandLimits;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.remote.AccountBlobs;
import io.sites.command.website.WebsiteNotFoundException;
import io.sites.command.limits.AccountRation;
import io.sites.limits.RateWindows;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.stereotype.Component;

/**
 * Which of a client's digests a publish could not name, asked before the publish (findMissingDigests), so that a big
 * folder goes in one publish with exactly the missing files' bytes instead of a manifest refused for them first. The
 * same blobs a publish may name (PublishRemoteFiles.Digests): the account's own, and the versions' of the website
 * given, once the caller may publish to it; whoever else stored a digest never counts, so the answer tells nothing
 * of other accounts' bytes. A question of 200,000 digests costs hundreds of lookups, so an account may ask as
 * often as it may dry-run a bundle (sites.limits.dry-runs-per-minute), in a window of its own: 429 past it.
 */
@Component
public class MissingDigests {
    /** Digests one request may ask about: a 200,000-file folder, some 14 MB of JSON (3 MB compressed). */
    public static final int MAX_DIGESTS = 200_000;
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final AccountBlobs accountBlobs;
    private final WebsiteManifests manifests;
    private final CommandGateway commands;
    private final AccountRation questions;

    MissingDigests(AccountBlobs accountBlobs, WebsiteManifests manifests, CommandGateway commands,
            RateWindows windows, CommandLimits limits) {
        this.accountBlobs = accountBlobs;
        this.manifests = manifests;
        this.commands = commands;
        this.questions = new AccountRation(windows, "digest-question", limits.dryRunsPerMinute(),
                "questions about digests", "");
    }

    /** The digests of {@code sha256} a publish by {@code caller} (to {@code websiteId}, when given) could not name. */
    public List<String> missing(AccountId caller, String websiteId, List<String> sha256) {
        if (sha256 == null || sha256.isEmpty()) {
            throw invalid("Required: the digests to look up, a list of lowercase hexadecimal SHA-256 (64 characters).");
        }
        if (sha256.size() > MAX_DIGESTS) {
            throw invalid("At most " + MAX_DIGESTS + " digests a request (this one has " + sha256.size()
                    + "): ask in parts.");
        }
        questions.take(caller);
        Set<String> asked = new LinkedHashSet<>();
        for (int i = 0; i < sha256.size(); i++) {
            String digest = sha256.get(i);
            if (digest == null || !SHA256.matcher(digest).matches()) {
                throw invalid("Entry " + i + " is not a lowercase hexadecimal SHA-256 (64 characters).");
            }
            asked.add(digest);
        }
        Set<String> known = websiteId == null ? Set.of() : websiteBlobs(caller, websiteId, asked);
        List<String> rest = asked.stream().filter(digest -> !known.contains(digest)).toList();
        Map<String, Long> accounts = rest.isEmpty() ? Map.of() : accountBlobs.findAll(caller, rest);
        List<String> missing = new ArrayList<>();
        rest.stream().filter(digest -> !accounts.containsKey(digest)).forEach(missing::add);
        return missing;
    }

    /**
     * Those asked that the website's versions name, once it said the caller may publish to it (else a 404, as a
     * publish).
     */
    private Set<String> websiteBlobs(AccountId caller, String websiteId, Set<String> asked) {
        if (!WebsiteId.isWellFormed(websiteId)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        WebsiteId id = new WebsiteId(websiteId);
        try {
            commands.sendAndWait(new MayPublishCommand(id, caller));
        } catch (AggregateNotFoundException notFound) {
            throw new WebsiteNotFoundException(id);
        }
        return manifests.named(id, asked).keySet();
    }

    private static RequestInvalidException invalid(String message) {
        return new RequestInvalidException(Map.of("sha256", message), List.of());
    }
}
