package io.sites.app.axon;

import io.sites.api.event.VersionPublished;
import io.sites.api.id.AccountId;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.common.caching.Cache;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rewrites the stored events of a forgotten person into anonymised tombstones, in place (issue 36, item 5;
 * docs/DECISIONS.md "Forgetting a person"): every event of the websites they owned keeps its type, revision,
 * sequence and ids, but loses the words (names, descriptions, messages, file lists, warnings, hostnames, token names,
 * password hashes); on every other website, the events they caused lose the token name and the version message.
 * The JSON stays a valid payload of its own revision, so the upcasters, the aggregates, the projections and the site
 * directory read it as before and a replay rebuilds the same (anonymised) state. The aggregates' snapshots are
 * deleted (they hold names and hostnames) and this replica's cached aggregates evicted; both come back from events.
 */
@Component
@ConditionalOnRole(ServiceRole.API) // the aggregates' cache, and the operator's command, live with the command side
public class EventErasure {
    /** What a tombstone's name reads: a website name may not be empty. */
    public static final String ERASED = "erased";
    private static final int PAGE = 1000;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Fields of an owned website's events that say nothing once gone (nullable in every event that has them). */
    private static final Set<String> CLEARED = Set.of("description", "message", "credential", "detail");
    /** Fields that may not be null: the word "erased" stands in. */
    private static final Set<String> REPLACED = Set.of("name", "reason", "passwordHash");
    /** Lists of what the person published: empty, so nothing of a file (path, digest, type) remains. */
    private static final Set<String> EMPTIED = Set.of("files", "warnings");

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Cache websites;

    EventErasure(JdbcTemplate jdbc, TransactionTemplate transactions, @Qualifier("websiteCache") Cache websites) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.websites = websites;
    }

    /**
     * What was rewritten: events in all, the hostnames the owned websites had (their certificates can go) and the
     * jobs of other websites' versions whose message the read model must drop too.
     */
    public record Erased(int events, Set<String> hostnames, Set<String> clearedJobs) {
    }

    /** Anonymises the events of {@code owned} (websites the account owned) and the account's acts elsewhere. */
    public Erased forget(AccountId account, Collection<String> owned) {
        Set<String> hostnames = new LinkedHashSet<>();
        Set<String> jobs = new LinkedHashSet<>();
        Set<String> touched = new LinkedHashSet<>(owned);
        int[] events = {0};
        for (String website : owned) {
            Map<String, String> placeholders = new HashMap<>();
            transactions.executeWithoutResult(status -> {
                List<Object[]> stream = jdbc.query("select globalindex, payload from domainevententry "
                        + "where aggregateidentifier = ? order by sequencenumber",
                        (row, n) -> new Object[] {row.getLong(1), row.getBytes(2)}, website);
                for (Object[] event : stream) {
                    ObjectNode payload = (ObjectNode) JSON.readTree((byte[]) event[1]);
                    tombstone(payload, website, placeholders);
                    update((Long) event[0], payload);
                    events[0]++;
                }
            });
            hostnames.addAll(placeholders.keySet());
        }
        // Elsewhere: only events that name the account can be its acts; the scan reads the store once, a page at a time.
        byte[] id = account.value().getBytes(StandardCharsets.UTF_8);
        long after = -1;
        while (true) {
            List<Object[]> page = jdbc.query("select globalindex, aggregateidentifier, payloadtype, payload from "
                    + "domainevententry where globalindex > ? order by globalindex fetch first " + PAGE + " rows only",
                    (row, n) -> new Object[] {row.getLong(1), row.getString(2), row.getString(3), row.getBytes(4)},
                    after);
            for (Object[] event : page) {
                String aggregate = (String) event[1];
                byte[] bytes = (byte[]) event[3];
                if (!owned.contains(aggregate) && contains(bytes, id)) {
                    ObjectNode payload = (ObjectNode) JSON.readTree(bytes);
                    String job = actedAs(payload, account, (String) event[2]);
                    if (job != null) {
                        jobs.add(job);
                    }
                    transactions.executeWithoutResult(status -> update((Long) event[0], payload));
                    touched.add(aggregate);
                    events[0]++;
                }
            }
            if (page.size() < PAGE) {
                break;
            }
            after = (Long) page.getLast()[0];
        }
        for (String aggregate : touched) {
            jdbc.update("delete from snapshotevententry where aggregateidentifier = ?", aggregate);
            websites.remove(aggregate);
        }
        return new Erased(events[0], hostnames, jobs);
    }

    private void update(long globalIndex, ObjectNode payload) {
        jdbc.update("update domainevententry set payload = ? where globalindex = ?", JSON.writeValueAsBytes(payload),
                globalIndex);
    }

    /** An owned website's event, word by word; the same hostname gets the same placeholder in every event. */
    static void tombstone(ObjectNode node, String website, Map<String, String> placeholders) {
        for (String field : new ArrayList<>(node.propertyNames())) {
            JsonNode value = node.get(field);
            if (CLEARED.contains(field) && value.isString()) {
                node.putNull(field);
            } else if (REPLACED.contains(field) && value.isString()) {
                node.put(field, ERASED);
            } else if (EMPTIED.contains(field) && value.isArray()) {
                node.putArray(field);
            } else if ("hostname".equals(field) && value.isString()) {
                // A hostname that cannot exist (.invalid), one per website and name, so replays keep their pairs.
                node.put(field, placeholders.computeIfAbsent(value.asString(),
                        name -> "erased-" + (placeholders.size() + 1) + "." + website.toLowerCase().replace('_', '-') + ".invalid"));
            } else if (value instanceof ObjectNode inner) {
                tombstone(inner, website, placeholders);
            }
        }
    }

    /**
     * Another website's event that names the account: its token name goes when the account acted, and a version it
     * published loses its message (the job is returned, for the read model). Being named (as an editor added or
     * removed) says nothing the person wrote and stays.
     */
    static String actedAs(ObjectNode payload, AccountId account, String type) {
        String id = account.value();
        if (payload.get("actor") instanceof ObjectNode actor && id.equals(actor.path("accountId").asString(""))) {
            actor.putNull("credential");
        }
        if (type.endsWith(VersionPublished.class.getSimpleName()) && id.equals(payload.path("publishedBy")
                .asString("")) && payload.has("message")) {
            payload.putNull("message");
            return payload.path("jobId").asString(null);
        }
        return null;
    }

    private static boolean contains(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
