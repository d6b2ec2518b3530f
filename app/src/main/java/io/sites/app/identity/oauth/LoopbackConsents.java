package io.sites.app.identity.oauth;

import org.jspecify.annotations.Nullable;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;

/**
 * The consents the authorization server remembers, except those of public clients redirected to a loopback address
 * ({@code sites-cli}, a registered MCP client on 127.0.0.1): for them nothing is remembered, so the person is asked
 * every time (RFC 8252 section 8.6). Any local process can listen on a loopback port, and one navigation of the
 * person's browser to the authorization endpoint would otherwise bring it a code with no question asked.
 * Forgetting here, rather than only deciding to ask, also keeps the library from adding a remembered scope to an
 * answer: Deny on the page that is shown again stays a denial.
 */
final class LoopbackConsents implements OAuth2AuthorizationConsentService {
    private final OAuth2AuthorizationConsentService remembered;
    private final RegisteredClientRepository clients;

    LoopbackConsents(OAuth2AuthorizationConsentService remembered, RegisteredClientRepository clients) {
        this.remembered = remembered;
        this.clients = clients;
    }

    @Override
    public void save(OAuth2AuthorizationConsent consent) {
        if (!askedEveryTime(consent.getRegisteredClientId())) {
            remembered.save(consent);
        }
    }

    @Override
    public void remove(OAuth2AuthorizationConsent consent) {
        remembered.remove(consent);
    }

    @Override
    public @Nullable OAuth2AuthorizationConsent findById(String registeredClientId, String principalName) {
        return askedEveryTime(registeredClientId) ? null : remembered.findById(registeredClientId, principalName);
    }

    /** A public client (no secret) with any loopback redirect: whoever listens on the port gets the code. */
    private boolean askedEveryTime(String registeredClientId) {
        RegisteredClient client = clients.findById(registeredClientId);
        return client != null && client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)
                && client.getRedirectUris().stream().anyMatch(ClientRegistrations::loopback);
    }
}
