package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.identity.oauth.OAuthBrowser;
import io.sites.app.identity.oauth.OAuthBrowser.Pkce;
import io.sites.app.identity.oauth.OAuthBrowser.Reply;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * RFC 8252 section 8.6 against the real authorization server: any local process can listen on a loopback port and
 * any web page can navigate the person's browser once, so a public client whose redirect is a loopback address
 * must never get a code without the person being asked. A person approves {@code sites-cli} (and a registered
 * loopback client) once; every later authorization request, from another port or the same one, must land on the
 * consent page, which names the client and the port, and never bring a code back silently. Denying there denies,
 * even after an earlier approval. A client with an https redirect keeps its remembered consent (the control).
 */
class LoopbackConsentTest extends LoopbackServiceTest {
    private static final String CLI_NAME = "sites command line";

    private final List<String> failures = new ArrayList<>();
    private int approvals;
    private int laterRequests;
    private int silentCodes;
    private int pagesNamingClientAndPort;

    @Test
    void everyAuthorizationForALoopbackPublicClientAsksThePersonAgain() {
        OAuthBrowser person = new OAuthBrowser(BASE);
        person.signUp(newUsername(), PASSWORD);
        String registered = register(person, "Loopback MCP client", "http://127.0.0.1:53682/callback");

        for (String[] client : List.of(new String[] {"sites-cli", CLI_NAME}, new String[] {registered,
                "Loopback MCP client"})) {
            int first = freePort();
            URI approved = person.consent(authorize(client[0], first), true);
            approvals++;
            assertThat(approved.toString()).startsWith("http://127.0.0.1:" + first + "/callback?code=");
            // The attack: another process listens on another port (or on the same one after the first is gone).
            for (int port : new int[] {freePort(), freePort(), first}) {
                laterRequests++;
                Reply answer = person.get(authorize(client[0], port));
                String location = String.valueOf(answer.location());
                if (location.startsWith("http://127.0.0.1:") && location.contains("code=")) {
                    silentCodes++;
                    failures.add(client[0] + " on port " + port + ": a code without consent: " + location);
                    continue;
                }
                assertThat(location).as(client[0]).contains("/app/oauth/consent");
                Reply page = person.get(location);
                if (page.body().contains(client[1]) && page.body().contains("port <strong>" + port + "</strong>")) {
                    pagesNamingClientAndPort++;
                } else {
                    failures.add(client[0] + " on port " + port + ": the consent page names not the client and port");
                }
            }
            // Deny after an earlier approval: denied, not quietly approved from the remembered scope.
            Reply again = person.get(authorize(client[0], first));
            if (String.valueOf(again.location()).contains("/app/oauth/consent")) {
                URI denied = person.answer(again.location(), false);
                if (!denied.toString().contains("error=access_denied") || denied.toString().contains("code=")) {
                    failures.add(client[0] + ": Deny after an earlier approval answered " + denied);
                }
            } else {
                failures.add(client[0] + ": no consent page to deny at: " + again.location());
            }
        }

        System.out.println("ADVERSARIAL consent: clients=2 approvals=" + approvals / 2 + " later-requests="
                + laterRequests + " silent_codes=" + silentCodes + " pages-naming-client-and-port="
                + pagesNamingClientAndPort);
        assertThat(failures).isEmpty();
        assertThat(pagesNamingClientAndPort).isEqualTo(laterRequests);
    }

    @Test
    void aClientWithAnHttpsRedirectKeepsItsRememberedConsent() {
        OAuthBrowser person = new OAuthBrowser(BASE);
        person.signUp(newUsername(), PASSWORD);
        String client = register(person, "Web MCP client", "https://client.example/callback");
        URI first = person.consent(authorize(client, "https://client.example/callback"), true);
        assertThat(first.toString()).startsWith("https://client.example/callback?code=");
        Reply again = person.get(authorize(client, "https://client.example/callback"));
        assertThat(again.location()).startsWith("https://client.example/callback?code=");
    }

    private static String register(OAuthBrowser person, String name, String redirect) {
        Reply registered = person.register(Map.of("client_name", name, "redirect_uris", List.of(redirect),
                "token_endpoint_auth_method", "none"));
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        return registered.json().get("client_id").asString();
    }

    private static String authorize(String clientId, int port) {
        return authorize(clientId, "http://127.0.0.1:" + port + "/callback");
    }

    private static String authorize(String clientId, String redirect) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", clientId);
        query.put("redirect_uri", redirect);
        query.put("scope", "mcp");
        query.put("code_challenge", Pkce.create().challenge());
        query.put("code_challenge_method", "S256");
        query.put("state", "s" + System.nanoTime());
        return BASE + "/oauth2/authorize?" + query.entrySet().stream().map(e -> e.getKey() + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }
}
