package io.sites.api.id;

import io.sites.api.Door;
import java.io.Serializable;
import java.util.Objects;

/**
 * Who caused a command or event and through which door, for the website's history (audit). {@code via} and
 * {@code credential} are null for events stored before doors were recorded (revision 1, upcast): the account is
 * known, the door is not. {@code credential} is the personal access token's name or the OAuth client's name.
 */
public record Actor(AccountId accountId, Door via, String credential) implements Serializable {

    public Actor {
        Objects.requireNonNull(accountId, "accountId");
    }

    /** An account that acted through a door that was not recorded (events older than the actor, and tests). */
    public static Actor unrecorded(AccountId accountId) {
        return new Actor(accountId, null, null);
    }

    /**
     * Checks a record that names the acting account twice, in its own field ({@code by}, {@code owner}, ...) and in
     * its actor: both must name the same account.
     */
    static void requireAccount(Actor actor, AccountId account) {
        if (!Objects.requireNonNull(actor, "actor").accountId().equals(account)) {
            throw new IllegalArgumentException("The actor must be the account the record names");
        }
    }

    /** The same person through the operator's command line (an operator acts for the website's owner). */
    public static Actor operatorFor(AccountId accountId) {
        return new Actor(accountId, Door.OPERATOR, null);
    }
}
