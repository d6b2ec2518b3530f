// A stored version opened from its previewUrl in a real browser: the grant becomes a host-only cookie, the address
// loses it, the page's stylesheet and image load with the cookie; a browser without it gets the 404.
import { chromium } from 'playwright-core';
import { BASE_URL, PORT, check } from './common.mjs';

const TOKEN = process.env.TOKEN;
const slug = `pv-${Date.now().toString(36)}`;

async function api(path, body) {
  const response = await fetch(`${BASE_URL}${path}`, { method: 'POST', body: JSON.stringify(body),
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' } });
  check(response.status === 201, `${path}: ${response.status}`);
  return response.json();
}

function bundle(n) {
  return [
    { path: 'index.html', content: `<!doctype html><html><head><title>v${n}</title>`
        + '<link rel="stylesheet" href="/style.css"></head><body>'
        + `<p id="text">version ${n}</p><img id="logo" src="/logo.svg" alt="logo"></body></html>` },
    { path: 'style.css', content: `#text { color: rgb(${n}, 0, 0); }` },
    { path: 'logo.svg', content: `<svg xmlns="http://www.w3.org/2000/svg" width="${10 + n}" height="5"></svg>` },
  ];
}

/** The site host as the service names it (sites.site-host has no port in the test), on the test's port. */
function onPort(url) {
  const address = new URL(url);
  address.port = PORT;
  return address.toString();
}

const created = await api('/v1/websites', { name: 'Preview', category: 'other', slug, files: bundle(1) });
const stored = await api(`/v1/websites/${created.websiteId}/versions`, { promote: false, files: bundle(2) });
check(stored.isCurrent === false, 'version 2 is only stored');
check(stored.previewUrl.includes('preview_grant='), `its previewUrl carries a grant: ${stored.previewUrl}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
try {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const opened = await tab.goto(onPort(stored.previewUrl));
  check(opened.status() === 200, `the previewUrl opens the page: ${opened.status()}`);
  const address = new URL(tab.url());
  check(address.hostname === `v2--${slug}.localhost` && address.pathname === '/' && address.search === '',
    `the grant left the address: ${tab.url()}`);
  check((await tab.textContent('#text')) === 'version 2', 'the stored version is shown');
  const color = await tab.$eval('#text', (p) => getComputedStyle(p).color);
  check(color === 'rgb(2, 0, 0)', `its stylesheet loaded with the cookie: ${color}`);
  const width = await tab.$eval('#logo', (img) => img.complete && img.naturalWidth);
  check(width === 12, `its image loaded with the cookie: ${width}`);
  check(!(await tab.evaluate(() => document.cookie)).includes('sites_preview'), 'the page cannot read the cookie');
  const cookies = await context.cookies();
  check(cookies.length === 1, `one cookie: ${JSON.stringify(cookies)}`);
  const [cookie] = cookies;
  check(cookie.name === 'sites_preview' && cookie.domain === `v2--${slug}.localhost` && cookie.path === '/'
    && cookie.httpOnly && cookie.sameSite === 'Lax' && !cookie.secure,
    `host-only, HttpOnly, SameSite=Lax on the version's host: ${JSON.stringify(cookie)}`);
  const days = (cookie.expires * 1000 - Date.now()) / 86400000;
  check(days > 6.9 && days <= 7, `it lasts as long as the grant: ${days} days`);

  const stranger = await (await browser.newContext()).newPage();
  const refused = await stranger.goto(`http://v2--${slug}.localhost:${PORT}/`);
  check(refused.status() === 404, `without the link, 404: ${refused.status()}`);
  check((await stranger.textContent('body')).includes('There is nothing at this address'), 'the site\'s 404 page');
  const live = await stranger.goto(`http://${slug}.localhost:${PORT}/`);
  check(live.status() === 200 && (await stranger.textContent('#text')) === 'version 1', 'the live version is public');
  console.log('previews: ok');
} catch (error) {
  console.error(error.stack || String(error));
  process.exitCode = 1;
} finally {
  await browser.close();
}
