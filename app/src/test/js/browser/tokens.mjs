// Sign up → mint a token at /app/mcp → use it against the API → revoke it → 401 with the metadata pointer.
import { scenario, signUp, check, BASE_URL } from './common.mjs';

const username = `tok-${Date.now().toString(36)}`;

await scenario('tokens', async (newPage) => {
  const page = await newPage();
  await signUp(page, username);
  await page.click('header a[href$="/app/mcp"]');
  await page.waitForURL('**/app/mcp');
  await page.fill('#token-name', 'browser test');
  await page.check('input[name=expiry][value="7"]');
  await page.click('form[action$="/app/mcp"] button[type=submit]');
  const token = (await page.textContent('#token-value')).trim();
  check(token.startsWith('sites_pat_'), `token has the service prefix: ${token.slice(0, 10)}`);
  check((await page.textContent('#new-token')).includes('curl'), 'the page tells how to use the token with curl');
  check((await page.textContent("#new-token")).includes("/mcp\""), "and with an MCP client");
  // Printed for the Java side, which checks that no log line ever contains it.
  console.log(`TOKEN=${token}`);

  const api = (t) => fetch(`${BASE_URL}/v1/websites`, { headers: { Authorization: `Bearer ${t}` } });
  let response = await api(token);
  check(response.status === 200, `the new token lists websites: ${response.status}`);
  const list = await response.json();
  check(Array.isArray(list.items), 'listWebsites answers items');

  // A second token that expires on a date: the date field shows only once "on a date" is chosen; it is listed with
  // that day.
  await page.goto('/app/mcp');
  await page.fill('#token-name', 'dated');
  check(!(await page.isVisible('#expiry-date')), 'the date field is hidden until "on a date" is chosen');
  await page.check('input[name=expiry][value=date]');
  check(await page.isVisible('#expiry-date'), 'choosing "on a date" shows the date field');
  const day = new Date(Date.now() + 10 * 86400000).toISOString().slice(0, 10);
  await page.fill('#expiry-date', day);
  await page.click('form[action$="/app/mcp"] button[type=submit]');
  const dated = (await page.textContent('#token-value')).trim();
  check(dated !== token, 'a new token each time');
  const datedRow = await page.locator('#tokens tbody tr', { hasText: 'dated' }).textContent();
  const next = new Date(Date.parse(day) + 86400000).toISOString().slice(0, 10);
  const expires = page.locator('#tokens tbody tr', { hasText: 'dated' }).locator('[title*="UTC"]', { hasText: 'expires' });
  check(/expires in 1[01] days/.test(datedRow) && await expires.getAttribute('title') === `${next} 00:00 UTC`,
    `valid through the chosen day: ${datedRow} ${await expires.getAttribute('title')}`);

  // The dashboard refuses the token.
  response = await fetch(`${BASE_URL}/app/websites`, { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' });
  check(response.status === 403, `a token on a dashboard route is 403: ${response.status}`);
  check((await response.json()).error.code === 'FORBIDDEN', 'with code FORBIDDEN');

  // Listed with its times, never shown again; then revoked.
  await page.goto('/app/mcp');
  check(!(await page.content()).includes(token), 'the token is shown only once');
  const row = page.locator('#tokens tbody tr', { hasText: 'browser test' });
  const text = await row.textContent();
  check(text.includes('created') && text.includes('last used') && text.includes('expires'), `times listed: ${text}`);
  await row.locator('button', { hasText: 'Revoke' }).click();
  await page.waitForURL('**/app/mcp');
  check((await page.locator('#tokens tbody tr', { hasText: 'browser test' }).textContent()).includes('revoked'),
    'the row says revoked');

  response = await api(token);
  check(response.status === 401, `a revoked token is refused at once: ${response.status}`);
  check((await response.json()).error.code === 'AUTH_REQUIRED', 'with AUTH_REQUIRED');
  check(/resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource"/.test(response.headers.get('www-authenticate')),
    `and the metadata pointer: ${response.headers.get('www-authenticate')}`);
});
