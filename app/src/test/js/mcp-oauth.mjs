// An MCP client obtaining an OAuth access token from the service the way real clients do, with the official
// TypeScript SDK's auth(): protected-resource discovery (RFC 9728), authorization-server metadata (RFC 8414),
// dynamic client registration (RFC 7591), PKCE, the authorization request with resource (RFC 8707), and the code
// exchange. The person's part (sign-in and consent) is scripted with fetch against the web application; the code is
// read from the redirect's Location, so no listener is needed on the loopback redirect URI.
//
// As a library: `const { authProvider, tokens } = await authorize({ base, username, password })`, then hand
// authProvider to StreamableHTTPClientTransport. As a script: env SITES_BASE_URL, SITES_USERNAME, SITES_PASSWORD;
// prints the tokens as JSON on stdout.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { pathToFileURL } from 'node:url';

export const REDIRECT_URL = 'http://127.0.0.1:53682/callback';

/** An OAuthClientProvider that keeps everything in memory and answers the consent page by script. */
export class InMemoryOAuthProvider {
  constructor({ redirectUrl = REDIRECT_URL, consent }) {
    this._redirectUrl = redirectUrl;
    this._consent = consent;
    this.authorizationCode = undefined;
  }

  get redirectUrl() { return this._redirectUrl; }

  get clientMetadata() {
    return {
      client_name: 'Sites MCP test client',
      redirect_uris: [this._redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() { return this._client; }
  saveClientInformation(information) { this._client = information; }
  tokens() { return this._tokens; }
  saveTokens(tokens) { this._tokens = tokens; }
  saveCodeVerifier(verifier) { this._verifier = verifier; }
  codeVerifier() { return this._verifier; }
  saveDiscoveryState(state) { this._discovery = state; }
  discoveryState() { return this._discovery; }

  async redirectToAuthorization(authorizationUrl) {
    this.authorizationCode = await this._consent(authorizationUrl);
  }
}

/** A tiny cookie jar: name → value, fed by every response's Set-Cookie headers. */
class Cookies {
  constructor() { this.values = new Map(); }
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.values.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }
  header() { return [...this.values].map(([name, value]) => `${name}=${value}`).join('; '); }
}

function hiddenFields(html) {
  const fields = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]] ??= match[2].replaceAll('&amp;', '&');
  }
  return fields;
}

async function request(cookies, url, init = {}) {
  return cookies.take(await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers ?? {}), cookie: cookies.header() },
  }));
}

function form(fields) {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString() };
}

/** Signs a person in through the web application's login form; returns the session's cookie jar. */
export async function signIn(base, username, password) {
  const cookies = new Cookies();
  const page = await request(cookies, new URL('/app/login', base));
  const { _csrf } = hiddenFields(await page.text());
  const signedIn = await request(cookies, new URL('/app/login', base), form({ username, password, _csrf }));
  if (signedIn.status !== 302 || signedIn.headers.get('location').includes('error')) {
    throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.headers.get('location')}`);
  }
  return cookies;
}

/** Consent by script: follow the authorization request to the consent page, approve, return the code. */
export function scriptedConsent(base, cookies, { approve = true } = {}) {
  return async (authorizationUrl) => {
    const toConsent = await request(cookies, authorizationUrl);
    const consentPage = toConsent.headers.get('location');
    if (toConsent.status !== 302 || !consentPage?.includes('/app/oauth/consent')) {
      throw new Error(`expected a redirect to the consent page, got ${toConsent.status} ${consentPage}`);
    }
    const page = await request(cookies, new URL(consentPage, base));
    const fields = hiddenFields(await page.text());
    const answer = { client_id: fields.client_id, state: fields.state, _csrf: fields._csrf };
    if (approve) answer.scope = fields.scope;
    const answered = await request(cookies, new URL('/oauth2/authorize', base), form(answer));
    const redirect = new URL(answered.headers.get('location'));
    const code = redirect.searchParams.get('code');
    if (!code) throw new Error(`no code in the redirect: error=${redirect.searchParams.get('error')}`);
    return code;
  };
}

/** The whole flow: returns the provider (holding client, tokens, verifier) and the tokens. */
export async function authorize({ base, username, password }) {
  const cookies = await signIn(base, username, password);
  const authProvider = new InMemoryOAuthProvider({ consent: scriptedConsent(base, cookies) });
  const serverUrl = new URL('/mcp', base);
  const first = await auth(authProvider, { serverUrl });
  if (first !== 'REDIRECT') throw new Error(`expected REDIRECT, got ${first}`);
  const second = await auth(authProvider, { serverUrl, authorizationCode: authProvider.authorizationCode });
  if (second !== 'AUTHORIZED') throw new Error(`expected AUTHORIZED, got ${second}`);
  return { authProvider, tokens: authProvider.tokens(), client: authProvider.clientInformation() };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { tokens, client } = await authorize({
    base: process.env.SITES_BASE_URL,
    username: process.env.SITES_USERNAME,
    password: process.env.SITES_PASSWORD,
  });
  process.stdout.write(JSON.stringify({ client_id: client.client_id, ...tokens }) + '\n');
}
