package io.sites.command.website;

import io.sites.api.id.Actor;
import io.sites.api.command.SetSitePasswordCommand;
import io.sites.api.id.WebsiteId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;

/**
 * Protects a site with a password or lifts the protection. The slow hash is made here, before the command, so the
 * aggregate stays pure and the plaintext never enters an event. The hash carries its algorithm ({@code {bcrypt}…}),
 * so the site server can verify it and a stronger encoder can come later without a migration.
 */
@Service
public class SitePasswords {
    private final PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
    private final CommandGateway commands;

    SitePasswords(CommandGateway commands) {
        this.commands = commands;
    }

    /** Sets the site's password, or clears it when plaintext is null. Only the owner may. */
    public void set(WebsiteId websiteId, Actor caller, String plaintext) {
        if (plaintext != null && plaintext.isEmpty()) {
            throw new IllegalArgumentException("A site password may not be empty; pass null to lift the protection");
        }
        String hash = plaintext == null ? null : encoder.encode(plaintext);
        commands.sendAndWait(new SetSitePasswordCommand(websiteId, caller.accountId(), hash, caller));
    }
}
