// Every page of the web application at 1280 px and 390 px: a screenshot of each into SCREENSHOTS (kept by CI with
// the test's output), no horizontal overflow anywhere, "Sign out" on the header's line; then an upload of more
// than 20 MB whose progress bar is seen advancing (intermediate values, not timing) with its button disabled, and
// files dropped onto the page.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import http from 'node:http';
import { scenario, signUp, check, folder, PORT, SCREENSHOTS } from './common.mjs';

const run = Date.now().toString(36);
const user = `pat-${run}`;
const WIDTHS = [1280, 390];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const shots = [];
const refused = [];

/** Whatever the pages' CSP blocks is reported on the console: nothing may be. */
function watchPolicy(page) {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
  });
  return page;
}

/** The page as it is now, at both widths: no sideways scrolling, the header on one line, a screenshot of each. */
async function photograph(page, name) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const [scroll, client] = await page.evaluate(() =>
      [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(scroll <= client, `${name} at ${width} px overflows sideways: ${scroll} > ${client}`);
    const signOut = page.locator('header button:has-text("Sign out")');
    if (await signOut.count()) {
      const [brand, button] = [await page.locator('header .brand').boundingBox(), await signOut.boundingBox()];
      check(Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2)) < 8 && button.height < 40,
        `${name} at ${width} px: "Sign out" falls off the header's line (${JSON.stringify([brand, button])})`);
    }
    const file = path.join(SCREENSHOTS, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(file);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
}

await scenario('pages', async (newPage) => {
  const visitor = watchPolicy(await newPage({ viewport: { width: 1280, height: 800 } }));
  await visitor.goto('/app/login');
  await photograph(visitor, 'login');
  await visitor.goto('/app/signup');
  await photograph(visitor, 'signup');

  const page = watchPolicy(await newPage({ viewport: { width: 1280, height: 800 } }));
  await signUp(page, user);
  check(await page.locator('#empty-state').count() === 1, 'the empty dashboard explains the first publish');
  await photograph(page, 'websites-empty');

  await page.goto('/app/websites/new');
  await photograph(page, 'website-new');

  // More than 20 MB: an index page and six 4 MB files, sent through a connection throttled to 8 MB/s so that the
  // upload lasts long enough for the bar to be seen between its ends.
  const big = { 'index.html': '<!doctype html><title>Big</title><link rel=icon href=favicon.png><h1>Big site</h1>',
    'favicon.png': PNG };
  for (let i = 1; i <= 6; i++) big[`media/clip-${i}.bin`] = crypto.randomBytes(4 * 1024 * 1024);
  await page.fill('#name', `Big site ${run}`);
  await page.setInputFiles('#folder', folder('big', big));
  check((await page.textContent('.chosen')).includes('8 files'), `the chosen folder is described: ${await page.textContent('.chosen')}`);
  const seen = [];
  const disabled = [];
  await page.exposeBinding('sawProgress', (source, value, buttonDisabled) => {
    seen.push(Number(value));
    disabled.push(buttonDisabled);
  });
  await page.evaluate(() => {
    const bar = document.querySelector('.upload-progress progress');
    const button = document.querySelector('form.upload button[type=submit]');
    new MutationObserver(() => window.sawProgress(bar.getAttribute('data-loaded') === null ? 0 : bar.value,
      button.disabled)).observe(bar, { attributes: true, attributeFilter: ['data-loaded'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1,
    uploadThroughput: 8 * 1024 * 1024 });
  await page.click('form.upload button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/, { timeout: 60000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1,
    uploadThroughput: -1 });
  const between = seen.filter((value) => value > 0 && value < 100);
  check(between.length >= 2 && new Set(between).size >= 2, `the progress bar advanced: ${seen}`);
  check(seen.every((value, i) => i === 0 || value >= seen[i - 1]), `progress never goes back: ${seen}`);
  check(disabled.length > 0 && disabled.every(Boolean), `the button stays disabled while sending: ${disabled}`);
  console.log(`PROGRESS ${seen.length} progress events, intermediate values ${between.join(',')}`);
  check((await page.textContent('#job-status')).trim() === 'ready', 'the big upload was published');
  check((await page.textContent('#job-files')).includes('media/clip-6.bin'), 'the job page lists the files');
  check((await page.textContent('main')).includes(`Big site ${run}`), 'the job page names its website');
  const jobUrl = page.url();
  await photograph(page, 'job');

  // The tests' site host has no port, so the browser is pointed at this service for *.localhost, as a real site host
  // would be: the dashboard's preview is then the live site's own favicon.
  await page.route(/^http:\/\/[a-z0-9-]+\.localhost\//, async (route) => {
    const url = new URL(route.request().url());
    const answer = await new Promise((resolve, reject) => http.get({ host: '127.0.0.1', port: PORT,
      path: url.pathname, headers: { Host: `${url.hostname}:${PORT}` } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers,
        body: Buffer.concat(chunks) }));
    }).on('error', reject));
    await route.fulfill(answer);
  });
  await page.goto('/app/websites');
  check((await page.textContent('[data-website]')).includes('Last publish:'), 'the dashboard shows the last publish');
  await page.waitForFunction(() => {
    const image = document.querySelector('[data-website] img.preview-image');
    return image && image.complete && image.naturalWidth > 0;
  });
  check((await page.getAttribute('[data-website] img.preview-image', 'src')).endsWith('/favicon.png'),
    'the preview is the site\'s favicon');
  await page.goto(jobUrl);

  // A version of plain files dropped onto the page, then a folder dropped and stored, not made live.
  await page.click('main > p > a:has-text("←")');
  await page.waitForURL(/\/app\/websites\/web_/);
  const websiteUrl = page.url();
  const transfer = await page.evaluateHandle((png) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'favicon.png', { type: 'image/png' }));
    data.items.add(new File(['<!doctype html><title>Two</title><h1>Dropped</h1>'], 'index.html', { type: 'text/html' }));
    data.items.add(new File(['h1 { color: teal }'], 'style.css', { type: 'text/css' }));
    return data;
  }, PNG.toString('base64'));
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  check((await page.textContent('.chosen')).includes('3 files'), `the drop is described: ${await page.textContent('.chosen')}`);
  await page.fill('#message', 'Dropped onto the page');
  await page.click('form.upload button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  check((await page.textContent('#job-files')).includes('style.css'), 'the dropped files were published');
  // A dropped folder: the page walks its entries the way Chromium hands them over (a directory reader answering
  // in batches until empty), built here by hand since a test cannot drag a real folder.
  await page.goto(websiteUrl);
  await page.evaluate(() => {
    const file = (path, text) => ({ isFile: true, isDirectory: false, name: path.split('/').pop(), fullPath: path,
      file: (done) => done(new File([text], path.split('/').pop())) });
    const dir = (path, batches) => ({ isFile: false, isDirectory: true, name: path.split('/').pop(), fullPath: path,
      createReader: () => { let i = 0; return { readEntries: (done) => setTimeout(() => done(batches[i++] || [])) }; } });
    const css = dir('/three/css', [[file('/three/css/a.css', 'h1{}')]]);
    const root = dir('/three', [[file('/three/index.html', '<!doctype html><link rel=stylesheet href=css/a.css><h1>Three</h1>')],
      [css, file('/three/about.html', '<!doctype html><p>About')]]);
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { items: [{ webkitGetAsEntry: () => root }], files: [] } });
    document.querySelector('main').dispatchEvent(drop);
  });
  await page.waitForFunction(() => document.querySelector('.chosen').textContent.includes('Dropped folder three'));
  check((await page.textContent('.chosen')).includes('3 files'), `the dropped folder is walked: ${await page.textContent('.chosen')}`);
  await page.uncheck('input[name=promote]');
  await page.click('form.upload button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  const three = await page.textContent('#job-files');
  check(three.includes('css/a.css') && three.includes('about.html') && !three.includes('three/'),
    `the dropped folder's files keep their paths, its top folder stripped: ${three}`);
  await page.goto(`${websiteUrl}/deploys`);
  check(await page.locator('.versions form.promote').count() === 2, 'every stored version but the live one can be made live');
  const deploy = await page.textContent('[data-version="2"]');
  check(deploy.includes('Dropped onto the page') && deploy.includes(`by ${user}`) && /just now|minute/.test(deploy),
    `a deploy says what, who and when: ${deploy}`);
  check(await page.locator('[data-version="3"] .thumb').count() === 1, 'every deploy has its picture or tile');
  check(!/\d{4}-\d\d-\d\d \d\d:\d\d UTC/.test(await page.textContent('main')),
    'no raw UTC timestamp stands alone (they are in the titles of relative times)');
  await photograph(page, 'website-deploys');
  await page.goto(websiteUrl);
  check((await page.textContent('.facts')).includes('Category') && (await page.textContent('.facts')).includes('Owner'),
    'the website\'s facts are labelled');
  check(await page.locator('nav.tabs a[aria-current=page]').textContent() === 'Overview', 'the overview is the current tab');
  check((await page.textContent('#live-version')).includes('Version 2 is live'), 'the overview names the live version');
  await photograph(page, 'website');
  await page.goto(`${websiteUrl}/settings`);
  for (const place of ['#editors', '#site-password', '#lifetime', '#domains', '#webhooks', '#delete-website']) {
    check(await page.locator(place).count() === 1, `settings has its place ${place}`);
  }
  await page.fill('#retain-versions', '5');
  await page.click('#lifetime-settings button[type=submit]');
  await page.waitForURL(/\/settings/);
  check((await page.textContent('#lifetime-settings')).includes('The newest 5 versions are kept'),
    `the kept versions are saved and said: ${await page.textContent('#lifetime-settings')}`);
  check(await page.locator('#later-settings input, #later-settings button').count() === 0,
    'the places of later settings hold no control');
  await photograph(page, 'website-settings');

  // The Domains panel: the records to create, each with a copy button, and a live status: a domain removed in
  // another tab leaves this tab's panel without a reload.
  const host = `www.${user}.example.test`;
  await page.fill('#domain-hostname', host);
  await page.click('#domains form:has(#domain-hostname) button[type=submit]');
  await page.waitForSelector(`#domains li[data-hostname="${host}"][data-status=pending]`);
  const records = await page.textContent(`#domains li[data-hostname="${host}"]`);
  check(records.includes(`_sites-challenge.${host}`), `the panel names the TXT record to create: ${records}`);
  check(await page.locator(`#domains li[data-hostname="${host}"] button[data-copy]`).count() === 3,
    'the TXT name, its value and the CNAME target each have a copy button');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click(`#domains li[data-hostname="${host}"] button[data-copy]`);
  await page.waitForSelector(`#domains li[data-hostname="${host}"] button[data-copy]:has-text("Copied")`);
  check(await page.evaluate(() => navigator.clipboard.readText()) === `_sites-challenge.${host}`,
    'the copy button put the TXT record\'s name on the clipboard');
  await photograph(page, 'website-settings-domain');
  const tab = await page.context().newPage();
  await tab.goto(page.url());
  await Promise.all([tab.waitForNavigation(),
    tab.click(`#domains li[data-hostname="${host}"] form[action$="/remove"] button`)]);
  check(await tab.locator(`#domains li[data-hostname="${host}"]`).count() === 0, 'the other tab removed the domain');
  await tab.close();
  await page.waitForSelector(`#domains li[data-hostname="${host}"]`, { state: 'detached', timeout: 15000 });
  await page.goto(websiteUrl);

  // A refused bundle: its panel, through the upload script.
  await page.setInputFiles('#folder', folder('broken', {
    'index.html': '<!doctype html><script src="https://cdn.example.com/lib.js"></script>' }));
  await page.click('form.upload button[type=submit]');
  await page.waitForSelector('.notice.bad[role=alert] li[data-code="EXTERNAL_URL"]');
  check(!(await page.isDisabled('form.upload button[type=submit]')), 'after a refusal the button can be used again');
  await photograph(page, 'website-refused');

  await page.click('nav.tabs a:has-text("History")');
  await page.waitForURL(/\/history$/);
  check(await page.locator('main h1, main h2').count() === 1, 'the history has one heading');
  check(!/version\.(published|promoted)|website\.created/.test(await page.textContent('main')), 'no event codes');
  await photograph(page, 'history');
  await page.goto('/app/websites');
  await photograph(page, 'websites');

  await page.goto('/app/mcp');
  check(!(await page.isVisible('#expiry-date')), 'the token page hides the date until "on a date" is chosen');
  await photograph(page, 'tokens');
  await page.fill('#token-name', 'screenshots');
  await page.click('form[action$="/app/mcp"] button[type=submit]');
  await page.waitForSelector('#token-value');
  check((await page.textContent('#new-token')).includes('sites login --api') && (await page.textContent('#new-token'))
    .includes('--token sites_pat_'), 'the new token shows the command line\'s login');
  await photograph(page, 'tokens-new');

  // The consent page: the command line's pre-registered public client (any port on loopback) asks with PKCE, as
  // `sites login` does; the page is photographed and left unanswered.
  const verifier = crypto.randomBytes(32).toString('base64url');
  const authorize = new URLSearchParams({ response_type: 'code', client_id: 'sites-cli',
    redirect_uri: 'http://127.0.0.1:53682/callback', scope: 'mcp', state: `shots-${run}`,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' });
  await page.goto(`/oauth2/authorize?${authorize}`);
  await page.waitForURL(/\/app\/oauth\/consent/);
  check((await page.textContent('main h1')).includes('sites command line'), 'the consent page names the client');
  check(await page.isVisible('#approve') && await page.isVisible('#deny'), 'the consent page offers both answers');
  await photograph(page, 'consent');
  await page.setViewportSize({ width: 390, height: 844 });
  const [approve, deny] = [await page.locator('#approve').boundingBox(), await page.locator('#deny').boundingBox()];
  check(Math.abs(approve.y - deny.y) < 4, `at 390 px Approve and Deny share a line: ${JSON.stringify([approve, deny])}`);
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });

  // Approved, as `sites login` would have it: the client's loopback redirect is answered here, the code exchanged;
  // the Tokens page then lists the command line among the authorised applications, and signs it out.
  let code = null;
  await page.route(/^http:\/\/127\.0\.0\.1:53682\//, async (route) => {
    code = new URL(route.request().url()).searchParams.get('code');
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'signed in' });
  });
  await page.click('#approve');
  await page.waitForURL(/127\.0\.0\.1:53682/);
  check(code, 'the consent answered with a code');
  const exchanged = await page.request.post('/oauth2/token', { form: { grant_type: 'authorization_code',
    client_id: 'sites-cli', code, redirect_uri: 'http://127.0.0.1:53682/callback', code_verifier: verifier } });
  check(exchanged.ok(), `the code is exchanged: ${exchanged.status()}`);
  await page.goto('/app/mcp');
  check((await page.textContent('#oauth-clients')).includes('sites command line'), 'the command line is listed');
  await photograph(page, 'tokens-clients');
  await Promise.all([page.waitForNavigation(), page.click('[data-client="sites-cli"] button:has-text("Revoke")')]);
  check((await page.textContent('.notice[role=status]')).includes('no longer has access'), 'revoking says so');
  check(await page.locator('[data-client="sites-cli"]').count() === 0, 'the command line is no longer listed');

  // A site whose only image is random bytes: the dashboard's tile falls back to its letter at both widths, never
  // the browser's broken-image icon.
  await page.goto('/app/websites/new');
  await page.fill('#name', `Noise ${run}`);
  await page.setInputFiles('#folder', folder('noise', { 'index.html': '<!doctype html><title>Noise</title><img src=photo.png alt="">',
    'photo.png': crypto.randomBytes(4096) }));
  await page.click('form.upload button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  // The hard case, made certain: the image has failed before the page's deferred script runs (its answer is held
  // until then), so no error event is left for the script to hear.
  const holdScript = async (route) => {
    await page.waitForFunction((name) => {
      const card = [...document.querySelectorAll('[data-website]')].find((c) => c.textContent.includes(name));
      const image = card && card.querySelector('img');
      return image !== null && image !== undefined && image.complete;
    }, `Noise ${run}`, { timeout: 20000 }).catch(() => {});
    await route.continue();
  };
  await page.route('**/app/assets/app.js', holdScript);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    // Checked as soon as the page has loaded, as a person (or a screenshot) would first see it.
    await page.goto('/app/websites');
    await page.waitForFunction(() => document.readyState === 'complete');
    const noise = page.locator('[data-website]', { hasText: `Noise ${run}` });
    check(await noise.locator('img').count() === 0 && await noise.locator('.thumb.no-image').count() === 1,
      `at ${width} px the broken image gave way to the letter`);
  }
  await page.unroute('**/app/assets/app.js', holdScript);
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });

  await page.goto('/app/jobs/job_doesnotexist');
  await photograph(page, 'not-found');
  await page.goto(jobUrl);
  check((await page.textContent('#job-files')).includes('favicon.png'), 'the job page reloads with its files');
  check(refused.length === 0, `the CSP blocked nothing: ${refused}`);
  console.log(`SCREENSHOTS ${shots.length} files in ${SCREENSHOTS}`);
});
