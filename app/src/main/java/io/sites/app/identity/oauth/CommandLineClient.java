package io.sites.app.identity.oauth;

import java.time.Instant;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.stereotype.Component;

/**
 * The one pre-registered OAuth client: the {@code sites} command line, a public client with the fixed id
 * {@value #CLIENT_ID} (as {@code gh} has one), redirected to {@code http://127.0.0.1/callback} on whatever port it
 * listens (RFC 8252 section 7.3: the library accepts any port on a loopback IP). Every replica makes sure the row
 * exists at start; it has the same settings as a dynamically registered client ({@link ClientRegistrations}).
 */
@Component
class CommandLineClient {
    static final String CLIENT_ID = "sites-cli";
    static final String REDIRECT_URI = "http://127.0.0.1/callback";
    private static final String ID = "00000000-0000-0000-0000-00000000c11e";

    private final RegisteredClientRepository clients;

    CommandLineClient(RegisteredClientRepository clients) {
        this.clients = clients;
    }

    @EventListener(ApplicationReadyEvent.class)
    void register() {
        if (clients.findByClientId(CLIENT_ID) != null) {
            return;
        }
        RegisteredClient client = ClientRegistrations.asPublicClient(RegisteredClient.withId(ID)
                .clientId(CLIENT_ID)
                .clientIdIssuedAt(Instant.EPOCH)
                .clientName("sites command line")
                .redirectUri(REDIRECT_URI), ClientSettings.builder().build().getSettings()).build();
        try {
            clients.save(client);
        } catch (DataIntegrityViolationException | IllegalArgumentException anotherReplicaFirst) {
            // two replicas starting together (the key, or the library's own check of a duplicate client id): the
            // row is there, which is all that matters
        }
    }
}
