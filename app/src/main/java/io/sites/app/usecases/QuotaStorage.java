package io.sites.app.usecases;

import io.sites.api.WebsiteStatus;
import io.sites.api.blob.BlobRef;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.command.limits.QuotaExceededException;
import io.sites.command.limits.StorageQuota;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The storage quota at publish: the owning account's counted versions (not pruned, website not deleted) reference
 * some distinct blobs (each counted once, however many versions or websites share it), kept as a running total by the
 * read model ({@code qs_owner_count.stored_bytes}, {@code qs_owner_blob}); a publish may add the blobs they do not
 * reference yet as long as the total stays within the account's storage quota. Two publishes at the same instant may
 * both pass: the quota is exceeded by at most one bundle, never by a flood (each publish is rate limited).
 */
@Component
class QuotaStorage implements StorageQuota {
    /** A deleted website's versions no longer count. */
    static final String LIVE = " and w.status <> '" + WebsiteStatus.DELETED.wire() + "'";
    private static final long MIB = 1024 * 1024;
    private final JdbcTemplate jdbc;
    private final AccountQuotas quotas;
    private final UsageFigures figures;
    /** Files sent ahead per account and day, in MiB; the budget is each account's quota, checked above. */
    private final RateWindow sentAhead;

    QuotaStorage(JdbcTemplate jdbc, AccountQuotas quotas, UsageFigures figures, RateWindows windows) {
        this.jdbc = jdbc;
        this.figures = figures;
        this.quotas = quotas;
        this.sentAhead = windows.window("sent-ahead-mib", Duration.ofDays(1), Integer.MAX_VALUE);
    }

    @Override
    public void check(AccountId publisher, WebsiteId website, List<BlobRef> blobs) {
        AccountId owner = website == null ? publisher : owner(website, publisher);
        long adding = adding(owner, website == null ? blobs : notLiveIn(website, blobs));
        if (adding == 0) {
            return; // nothing new: the quota is not asked
        }
        long quota = quotas.of(owner).storageBytes();
        long used = figures.storageBytes(owner);
        if (used + adding > quota) {
            throw new QuotaExceededException("storage", "This publish would store " + adding + " bytes of new files;"
                    + " the account's versions already use " + used + " of its storage quota of " + quota
                    + " bytes (quota 'storage'). Nothing was published. Delete websites or let retention prune old"
                    + " versions, or ask the operator to raise the quota.");
        }
    }

    /**
     * Counts the day's files sent ahead in a rate window of whole MiB (the budget is the quota, asked for each
     * account): a file sent ahead and published the same day counts twice until the day ends, which errs on the
     * side of the other tenants' disk.
     */
    @Override
    public void checkSentAhead(AccountId account, List<BlobRef> blobs) {
        long adding = adding(account, blobs);
        if (adding == 0) {
            return;
        }
        long quota = quotas.of(account).storageBytes();
        long today = (long) sentAhead.used(account.value()) * MIB;
        long used = figures.storageBytes(account);
        if (used + today + adding > quota) {
            throw new QuotaExceededException("storage", "These files would add " + adding + " bytes; the account's"
                    + " versions use " + used + " and files sent ahead today, not published yet, " + today + " of its"
                    + " storage quota of " + quota + " bytes (quota 'storage'). Nothing was stored for you to name."
                    + " Publish what you sent, wait for tomorrow, or ask the operator to raise the quota.");
        }
        sentAhead.take(account.value(), (int) Math.min(Integer.MAX_VALUE, (adding + MIB - 1) / MIB));
    }

    /**
     * These blobs less the ones the website's live version references, which its owner's versions reference by
     * definition: read in one range of the live version's rows, so that a republish of a big site asks
     * {@link #known} about its few new files only, not about a hundred thousand in lists of 500.
     */
    private List<BlobRef> notLiveIn(WebsiteId website, List<BlobRef> blobs) {
        Set<String> live = new HashSet<>(jdbc.queryForList("select f.sha256 from qs_version_file f join qs_website w"
                + " on w.current_job_id = f.job_id where w.id = ?" + LIVE, String.class, website.value()));
        return live.isEmpty() ? blobs : blobs.stream().filter(blob -> !live.contains(blob.sha256())).toList();
    }

    /** The bytes of these blobs that the owner's versions do not reference yet, each counted once. */
    private long adding(AccountId owner, List<BlobRef> blobs) {
        Map<String, Long> fresh = new HashMap<>();
        blobs.forEach(blob -> fresh.put(blob.sha256(), blob.size()));
        known(owner, fresh.keySet()).forEach(fresh::remove);
        return fresh.values().stream().mapToLong(Long::longValue).sum();
    }

    private AccountId owner(WebsiteId website, AccountId publisher) {
        List<String> owners = jdbc.queryForList("select owner_id from qs_website where id = ?", String.class,
                website.value());
        return owners.isEmpty() ? publisher : new AccountId(owners.getFirst());
    }

    /** Which of these blobs the owner's counted versions already reference (counted in {@link UsageFigures#storageBytes}). */
    private Set<String> known(AccountId owner, Set<String> digests) {
        Set<String> known = new HashSet<>();
        List<String> all = List.copyOf(digests);
        for (int from = 0; from < all.size(); from += 500) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + 500));
            Object[] args = new Object[chunk.size() + 1];
            args[0] = owner.value();
            for (int i = 0; i < chunk.size(); i++) {
                args[i + 1] = chunk.get(i);
            }
            known.addAll(jdbc.queryForList("select sha256 from qs_owner_blob where owner_id = ? and sha256 in ("
                    + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")", String.class, args));
        }
        return known;
    }
}
