package io.sites.app.identity;

import io.sites.api.AccountId;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

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

    @Transactional
    public AccountId createIfAbsent(String username) {
        return byUsername(username).orElseGet(() -> {
            AccountId id = AccountId.generate();
            jdbc.update("insert into account (id, username, created_at) values (?, ?, ?)", id.value(), username,
                    Timestamp.from(clock.instant()));
            return id;
        });
    }
}
