package io.sites.app.usecases;

import io.sites.api.id.AccountId;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Each account's quotas: the operator's own values in {@code account_quota} (V2026_11_28_80), the defaults
 * ({@link QuotaDefaults}) for what it did not set. Read from the database every time: a raised quota counts at once
 * on every api replica.
 */
@Component
@EnableConfigurationProperties(QuotaDefaults.class)
public class AccountQuotas {
    private final JdbcTemplate jdbc;
    private final QuotaDefaults defaults;
    private final Clock clock;

    AccountQuotas(JdbcTemplate jdbc, QuotaDefaults defaults, Clock clock) {
        this.jdbc = jdbc;
        this.defaults = defaults;
        this.clock = clock;
    }

    /** An account's quotas: bytes sent a month, bytes stored, requests a second per website on each replica. */
    public record Quota(long bandwidthMonth, long storageBytes, int requestsSecond, boolean ownRequestsSecond) {
    }

    public Quota of(AccountId account) {
        List<Quota> own = jdbc.query("select bandwidth_month, storage_bytes, requests_second from account_quota"
                + " where account_id = ?", (rs, row) -> quota(rs.getObject(1, Long.class),
                        rs.getObject(2, Long.class), rs.getObject(3, Integer.class)), account.value());
        return own.isEmpty() ? quota(null, null, null) : own.getFirst();
    }

    /** The accounts with values of their own, by account id. */
    Map<String, Quota> own() {
        Map<String, Quota> own = new HashMap<>();
        jdbc.query("select account_id, bandwidth_month, storage_bytes, requests_second from account_quota", rs -> {
            own.put(rs.getString(1), quota(rs.getObject(2, Long.class), rs.getObject(3, Long.class),
                    rs.getObject(4, Integer.class)));
        });
        return own;
    }

    /** The defaults, for an account without values of its own. */
    Quota defaults() {
        return quota(null, null, null);
    }

    /**
     * Sets an account's own values (the operator's {@code quota set}); a null leaves that value as it was. The
     * pause a raised bandwidth quota lifts ends within a round of {@link QuotaWatch}.
     */
    public Quota set(AccountId account, Long bandwidthMonth, Long storageBytes, Integer requestsSecond) {
        for (Object value : new Object[] {bandwidthMonth, storageBytes, requestsSecond}) {
            if (value != null && ((Number) value).longValue() <= 0) {
                throw new IllegalArgumentException("A quota is a positive number, not " + value + ".");
            }
        }
        Timestamp now = Timestamp.from(clock.instant());
        jdbc.update("insert into account_quota (account_id, changed_at) select ?, ? where not exists (select 1"
                + " from account_quota where account_id = ?)", account.value(), now, account.value());
        String[] columns = {"bandwidth_month", "storage_bytes", "requests_second"};
        Object[] values = {bandwidthMonth, storageBytes, requestsSecond};
        for (int i = 0; i < columns.length; i++) {
            if (values[i] != null) {
                jdbc.update("update account_quota set " + columns[i] + " = ?, changed_at = ? where account_id = ?",
                        values[i], now, account.value());
            }
        }
        return of(account);
    }

    private Quota quota(Long bandwidthMonth, Long storageBytes, Integer requestsSecond) {
        return new Quota(bandwidthMonth != null ? bandwidthMonth : defaults.bandwidthMonth().toBytes(),
                storageBytes != null ? storageBytes : defaults.storage().toBytes(),
                requestsSecond != null ? requestsSecond : defaults.requestsSecond(), requestsSecond != null);
    }
}
