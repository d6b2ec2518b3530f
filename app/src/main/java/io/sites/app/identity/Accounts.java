package io.sites.app.identity;

import io.sites.api.id.AccountId;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/** Accounts: looking one up by username or id, its sign-in credentials, signing up, and seed tokens' accounts. */
@Component
public class Accounts {
    private final JdbcTemplate jdbc;
    private final Clock clock;

    Accounts(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public Optional<AccountId> byUsername(String username) {
        List<String> ids = jdbc.queryForList("select id from account where username = ?", String.class, username);
        return ids.stream().findFirst().map(AccountId::new);
    }

    public Optional<String> usernameOf(AccountId account) {
        return jdbc.queryForList("select username from account where id = ?", String.class, account.value())
                .stream().findFirst();
    }

    /** A new account for a person signing up; empty when the username is taken. */
    public Optional<AccountId> signUp(String username, String passwordHash) {
        AccountId id = AccountId.generate();
        try {
            jdbc.update("insert into account (id, username, password_hash, created_at) values (?, ?, ?, ?)",
                    id.value(), username, passwordHash, Timestamp.from(clock.instant()));
            return Optional.of(id);
        } catch (DuplicateKeyException taken) {
            return Optional.empty();
        }
    }

    /** The account's id and password hash, for signing in; empty for unknown usernames. */
    public Optional<Credentials> credentials(String username) {
        return jdbc.query("select id, password_hash from account where username = ?",
                (rs, n) -> new Credentials(new AccountId(rs.getString("id")), rs.getString("password_hash")),
                username).stream().findFirst();
    }

    /** @param passwordHash null when the account has no password (seeded by an operator) */
    public record Credentials(AccountId id, String passwordHash) {
    }

    /** The account with this username, created if there is none; safe when replicas race to create it. */
    public AccountId createIfAbsent(String username) {
        return byUsername(username).orElseGet(() -> {
            AccountId id = AccountId.generate();
            try {
                jdbc.update("insert into account (id, username, created_at) values (?, ?, ?)", id.value(), username,
                        Timestamp.from(clock.instant()));
                return id;
            } catch (DuplicateKeyException createdMeanwhile) {
                return byUsername(username).orElseThrow(() -> createdMeanwhile);
            }
        });
    }
}
