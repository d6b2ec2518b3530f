package io.sites.app.identity;

import io.sites.api.id.AccountId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;

/** Creating an account with a password: the rules for usernames and passwords live here and nowhere else. */
@Service
public class SignUps {
    private final Accounts accounts;
    private final PasswordEncoder passwords;

    SignUps(Accounts accounts, PasswordEncoder passwords) {
        this.accounts = accounts;
        this.passwords = passwords;
    }

    /** The new person, or the problems per form field ("username", "password"). */
    public sealed interface Outcome {
    }

    public record Created(AccountUser person) implements Outcome {
    }

    public record Refused(Map<String, String> problems) implements Outcome {
    }

    public Outcome signUp(String username, String password) {
        Map<String, String> problems = new LinkedHashMap<>();
        Usernames.problemWith(username).ifPresent(problem -> problems.put("username", problem));
        Passwords.problemWith(password, Usernames.normalize(username))
                .ifPresent(problem -> problems.put("password", problem));
        if (!problems.isEmpty()) {
            return new Refused(problems);
        }
        String name = Usernames.normalize(username);
        String hash = passwords.encode(password);
        Optional<AccountId> created = accounts.signUp(name, hash);
        return created.<Outcome>map(id -> new Created(new AccountUser(id, name, hash)))
                .orElseGet(() -> new Refused(Map.of("username", "This username is taken.")));
    }
}
