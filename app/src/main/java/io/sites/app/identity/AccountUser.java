package io.sites.app.identity;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import io.sites.api.Door;
import java.util.List;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;

/** A person signed in to the web application: the username they typed and the account it names. */
public class AccountUser extends User {
    /** Every signed-in person has this; no bearer token ever does. */
    public static final String ROLE = "ROLE_PERSON";

    private final AccountId account;

    AccountUser(AccountId account, String username, String passwordHash) {
        super(username, passwordHash, List.of(new SimpleGrantedAuthority(ROLE)));
        this.account = account;
    }

    public AccountId account() {
        return account;
    }

    /** The person as the events their pages cause record them: through the web application. */
    public Actor actor() {
        return new Actor(account, Door.WEB, null);
    }
}
