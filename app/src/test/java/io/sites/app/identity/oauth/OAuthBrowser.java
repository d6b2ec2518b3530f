package io.sites.app.identity.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * A person's browser and an MCP client in one, over real HTTP: cookies kept, redirects not followed (each one is
 * looked at), forms read for their hidden fields. Enough to walk the OAuth authorization code flow end to end.
 */
public final class OAuthBrowser {
    static final String REDIRECT_URI = "http://127.0.0.1:53682/callback";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern HIDDEN = Pattern.compile(
            "<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\"");

    final String base;
    private final HttpClient client;

    public OAuthBrowser(String base) {
        this.base = base;
        this.client = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    }

    public record Reply(int status, String body, HttpResponse<String> raw) {
        public JsonNode json() {
            return Http.JSON.readTree(body);
        }

        public String location() {
            return raw.headers().firstValue("Location").orElse(null);
        }

        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    /** A PKCE pair: the verifier the client keeps and its S256 challenge. */
    public record Pkce(String verifier, String challenge) {
        public static Pkce create() {
            byte[] bytes = new byte[32];
            RANDOM.nextBytes(bytes);
            String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256")
                        .digest(verifier.getBytes(StandardCharsets.US_ASCII));
                return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public Reply get(String pathOrUrl) {
        return send(HttpRequest.newBuilder(uri(pathOrUrl)).GET());
    }

    public Reply getWithToken(String path, String token) {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token).GET());
    }

    /** A CORS preflight, as a browser sends it before a cross-origin request. */
    Reply preflight(String path, String origin, String method, String headers) {
        return send(HttpRequest.newBuilder(uri(path)).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin).header("Access-Control-Request-Method", method)
                .header("Access-Control-Request-Headers", headers));
    }

    public Reply postForm(String pathOrUrl, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(uri(pathOrUrl))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Reply postJson(String path, Object body) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Http.JSON.writeValueAsBytes(body))));
    }

    /** A JSON-RPC request to the MCP endpoint with a bearer token, as Streamable HTTP clients send it. */
    Reply mcp(String token, String jsonRpc) {
        return send(HttpRequest.newBuilder(uri("/mcp")).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(jsonRpc)));
    }

    /** RFC 7591 registration of a public MCP client; returns the whole answer. */
    public Reply register(Map<String, Object> metadata) {
        return postJson("/oauth2/register", metadata);
    }

    String registerClient() {
        Reply registered = register(Map.of("client_name", "Test MCP client", "redirect_uris", java.util.List.of(
                REDIRECT_URI), "grant_types", java.util.List.of("authorization_code", "refresh_token"),
                "response_types", java.util.List.of("code"), "token_endpoint_auth_method", "none",
                "scope", "mcp"));
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        return registered.json().get("client_id").asString();
    }

    /** Signs a new person up through the web application's form, which also signs them in (session cookie). */
    public void signUp(String username, String password) {
        Reply form = get("/app/signup");
        assertThat(form.status()).isEqualTo(200);
        Reply created = postForm("/app/signup", Map.of("username", username, "password", password,
                "_csrf", hidden(form.body()).get("_csrf")));
        assertThat(created.status()).as(created.body()).isEqualTo(302);
    }

    /** Signs in through the login form; returns where the form login sends the browser next. */
    String signIn(String username, String password) {
        Reply form = get("/app/login");
        Reply signedIn = postForm("/app/login", Map.of("username", username, "password", password,
                "_csrf", hidden(form.body()).get("_csrf")));
        assertThat(signedIn.status()).as(signedIn.body()).isEqualTo(302);
        return signedIn.location();
    }

    String authorizeUrl(String clientId, Pkce pkce, String resource, String scope) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", clientId);
        query.put("redirect_uri", REDIRECT_URI);
        query.put("code_challenge", pkce.challenge());
        query.put("code_challenge_method", "S256");
        query.put("state", "client-state-123");
        if (scope != null) {
            query.put("scope", scope);
        }
        if (resource != null) {
            query.put("resource", resource);
        }
        return base + "/oauth2/authorize?" + query.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue())).collect(Collectors.joining("&"));
    }

    /** Follows the authorization request to the consent page and answers it; returns the redirect to the client. */
    public URI consent(String authorizeUrl, boolean approve) {
        Reply toConsent = get(authorizeUrl);
        assertThat(toConsent.status()).as(toConsent.body()).isEqualTo(302);
        assertThat(toConsent.location()).contains("/app/oauth/consent");
        return answer(toConsent.location(), approve);
    }

    public URI answer(String consentPage, boolean approve) {
        Reply page = get(consentPage);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        Map<String, String> fields = hidden(page.body());
        Map<String, String> form = new LinkedHashMap<>();
        form.put("client_id", fields.get("client_id"));
        form.put("state", fields.get("state"));
        form.put("_csrf", fields.get("_csrf"));
        if (approve) {
            form.put("scope", fields.get("scope"));
        }
        Reply answered = postForm("/oauth2/authorize", form);
        assertThat(answered.status()).as(answered.body()).isEqualTo(302);
        return URI.create(answered.location());
    }

    /** The code in a redirect to the client, after checking the client's state came back. */
    static String code(URI redirect) {
        Map<String, String> query = query(redirect);
        assertThat(redirect.toString()).startsWith(REDIRECT_URI);
        assertThat(query).containsEntry("state", "client-state-123");
        assertThat(query).containsKey("code");
        return query.get("code");
    }

    Reply token(String clientId, String code, String verifier, String resource) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("client_id", clientId);
        form.put("code", code);
        form.put("redirect_uri", REDIRECT_URI);
        form.put("code_verifier", verifier);
        if (resource != null) {
            form.put("resource", resource);
        }
        return postForm("/oauth2/token", form);
    }

    public Reply refresh(String clientId, String refreshToken) {
        return postForm("/oauth2/token", Map.of("grant_type", "refresh_token", "client_id", clientId,
                "refresh_token", refreshToken));
    }

    Reply revoke(String clientId, String token) {
        return postForm("/oauth2/revoke", Map.of("client_id", clientId, "token", token));
    }

    /** A client registered, and its authorization request approved by the signed-in person: code and verifier. */
    record Grant(String clientId, Pkce pkce, String code) {
    }

    Grant grant(String resource) {
        String clientId = registerClient();
        Pkce pkce = Pkce.create();
        return new Grant(clientId, pkce, code(consent(authorizeUrl(clientId, pkce, resource, "mcp"), true)));
    }

    Reply redeem(Grant grant, String resource) {
        return token(grant.clientId(), grant.code(), grant.pkce().verifier(), resource);
    }

    /** Registration, consent and code exchange in one go, for a person already signed in. */
    JsonNode tokens(String resource) {
        Reply token = redeem(grant(resource), resource);
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return token.json();
    }

    public static Map<String, String> query(URI uri) {
        Map<String, String> query = new LinkedHashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                query.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return query;
    }

    /** The payload of a JWT, unverified: what a client could read from its access token. */
    static JsonNode claims(String jwt) {
        return Http.JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }

    public static Map<String, String> hidden(String html) {
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher matcher = HIDDEN.matcher(html);
        while (matcher.find()) {
            fields.putIfAbsent(matcher.group(1), matcher.group(2).replace("&amp;", "&"));
        }
        return fields;
    }

    private URI uri(String pathOrUrl) {
        return URI.create(pathOrUrl.startsWith("http") ? pathOrUrl : base + pathOrUrl);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
