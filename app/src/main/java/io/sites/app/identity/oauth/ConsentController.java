package io.sites.app.identity.oauth;

import io.sites.app.identity.AccountUser;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The consent page of the authorization server, inside the web application (its session, its layout). It shows
 * which client asks, where the answer goes, what the scope allows and for which resource; Approve and Deny post
 * back to the authorization endpoint with the request's state, which ties the answer to this pending
 * authorization of this person.
 */
@Controller
class ConsentController {
    private static final OAuth2TokenType STATE = new OAuth2TokenType(OAuth2ParameterNames.STATE);

    private final RegisteredClientRepository clients;
    private final OAuth2AuthorizationService authorizations;
    private final AuthorizationServerSettings settings;
    private final ResourceIndicators resources;

    ConsentController(RegisteredClientRepository clients, OAuth2AuthorizationService authorizations,
            AuthorizationServerSettings settings, ResourceIndicators resources) {
        this.clients = clients;
        this.authorizations = authorizations;
        this.settings = settings;
        this.resources = resources;
    }

    @GetMapping(AuthorizationServerConfiguration.CONSENT_PAGE)
    String consent(@RequestParam(OAuth2ParameterNames.CLIENT_ID) String clientId,
            @RequestParam(OAuth2ParameterNames.STATE) String state, @AuthenticationPrincipal AccountUser person,
            Model model, HttpServletResponse response) {
        model.addAttribute("person", person);
        RegisteredClient client = clients.findByClientId(clientId);
        OAuth2Authorization pending = authorizations.findByToken(state, STATE);
        OAuth2AuthorizationRequest request = pending == null ? null
                : pending.getAttribute(OAuth2AuthorizationRequest.class.getName());
        if (client == null || request == null || !client.getId().equals(pending.getRegisteredClientId())
                || !pending.getPrincipalName().equals(person.getUsername())) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("stale", true);
            return "oauth-consent";
        }
        // A request without redirect_uri goes to the client's one registered redirect.
        String redirectUri = request.getRedirectUri() != null ? request.getRedirectUri()
                : client.getRedirectUris().iterator().next();
        URI redirect = URI.create(redirectUri);
        model.addAttribute("clientName", client.getClientName());
        model.addAttribute("clientId", client.getClientId());
        model.addAttribute("redirectHost", redirect.getPort() < 0 ? redirect.getHost()
                : redirect.getHost() + ":" + redirect.getPort());
        if (ClientRegistrations.loopback(redirectUri)) {
            // Any program on the person's computer may listen there: the page says which port, every time.
            model.addAttribute("loopbackPort", redirect.getPort() < 0 ? 80 : redirect.getPort());
        }
        model.addAttribute("scope", ClientRegistrations.SCOPE);
        model.addAttribute("resource", resources.requested(request.getAdditionalParameters()));
        model.addAttribute("state", state);
        model.addAttribute("authorizationEndpoint", settings.getAuthorizationEndpoint());
        return "oauth-consent";
    }
}
