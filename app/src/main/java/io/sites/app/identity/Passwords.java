package io.sites.app.identity;

import java.util.Map;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Passwords are hashed with Argon2id and stored as {@code {argon2}…}, so a later, stronger encoder can take over
 * while old hashes keep working.
 */
@Configuration(proxyBeanMethods = false)
class Passwords {
    static final int MIN_LENGTH = 10;
    static final int MAX_LENGTH = 128;

    @Bean
    PasswordEncoder passwordEncoder() {
        return new DelegatingPasswordEncoder("argon2",
                Map.of("argon2", Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8()));
    }

    /** Sign-in looks people up by username; an account without a password (seeded) cannot sign in. */
    @Bean
    UserDetailsService people(Accounts accounts) {
        return username -> accounts.credentials(Usernames.normalize(username))
                .filter(credentials -> credentials.passwordHash() != null)
                .map(credentials -> new AccountUser(credentials.id(), Usernames.normalize(username),
                        credentials.passwordHash()))
                .orElseThrow(() -> new UsernameNotFoundException("No such person"));
    }

    /** Why a password is refused, or empty when it is acceptable. */
    static Optional<String> problemWith(String password, String username) {
        if (password == null || password.length() < MIN_LENGTH) {
            return Optional.of("Use at least " + MIN_LENGTH + " characters.");
        }
        if (password.length() > MAX_LENGTH) {
            return Optional.of("Use at most " + MAX_LENGTH + " characters.");
        }
        if (password.equalsIgnoreCase(username)) {
            return Optional.of("The password must not be the username.");
        }
        return Optional.empty();
    }

}
