// Publishing from the web application: a new website from a folder, a new version from a .zip, a refused bundle
// with its violations per file, the job page, the served site, collaborators, the site password, and the pages
// on a phone-sized screen. ZIP names a .zip the Java side made (site/index.html, site/about.html).
import fs from 'node:fs';
import path from 'node:path';
import { scenario, signUp, check, fetchSite, folder, PORT, SCREENSHOTS, BASE_URL } from './common.mjs';

const run = Date.now().toString(36);
const alice = `alice-${run}`;
const bob = `bob-${run}`;
const carol = `carol-${run}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function jobIsReady(page) {
  await page.waitForURL(/\/app\/jobs\/job_/);
  const status = (await page.textContent('#job-status')).trim();
  check(status === 'ready', `the job page shows ready: ${status}`);
  return page.url().split('/app/jobs/')[1];
}

async function noSideways(page, what) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(scroll <= width, `${what} fits a phone's width: ${scroll} > ${width}`);
}

await scenario('publish', async (newPage) => {
  const page = await newPage();
  await signUp(page, alice);
  check((await page.textContent('main')).includes('No websites yet'), 'an empty list says what to do');

  // A new website from a folder: text and a binary file, inside one top folder that is stripped.
  await page.click('a[href$="/app/websites/new"]');
  await page.fill('#name', `Bakery ${run}`);
  await page.selectOption('#category', 'restaurant');
  await page.setInputFiles('#folder', folder('bakery', {
    'index.html': '<!doctype html><title>Bakery</title><link rel=stylesheet href=style.css><h1>Hello from the browser</h1><img src="img/dot.png" alt="">',
    'style.css': 'h1 { color: sienna }',
    'img/dot.png': PNG,
  }));
  await page.click('main form button[type=submit]');
  const firstJob = await jobIsReady(page);
  const liveUrl = await page.getAttribute('#page-url', 'href');
  const slug = new URL(liveUrl).hostname.split('.')[0];
  check(slug === `bakery-${run}`, `slug derived from the name: ${slug}`);

  let site = await fetchSite(`${slug}.localhost`);
  check(site.status === 200 && site.body.includes('Hello from the browser'), `the site is served: ${site.status}`);
  const png = await fetchSite(`${slug}.localhost`, '/img/dot.png');
  check(png.status === 200 && png.headers['content-type'] === 'image/png'
    && Number(png.headers['content-length']) === PNG.length, `the binary file arrived intact: ${JSON.stringify(png.headers)}`);
  check(!site.headers['set-cookie'], 'a site host sets no cookie');
  // Chromium resolves *.localhost to loopback by itself.
  const visitor = await newPage();
  await visitor.goto(`http://${slug}.localhost:${PORT}/`);
  check((await visitor.textContent('h1')) === 'Hello from the browser', 'Chromium shows the site');

  // The website page, then its Deploys view: versions, files, preview links.
  await page.click('main > p > a:has-text("←")');
  await page.waitForURL(/\/app\/websites\/web_/);
  const websiteUrl = page.url();
  await page.click('nav.tabs a:has-text("Deploys")');
  await page.waitForURL(/\/deploys$/);
  const v1 = page.locator('[data-version="1"]');
  check(await v1.locator('.pill.live').count() === 1, 'version 1 is current');
  check((await v1.locator('a:has-text("Preview")').getAttribute('href')).startsWith(`http://v1--${slug}.localhost/?preview_grant=`), 'preview link');
  await v1.locator('summary').click();
  const files = await v1.locator('table').textContent();
  check(files.includes('index.html') && files.includes('img/dot.png') && files.includes('image/png'), `files: ${files}`);

  // A new version from a .zip (its top folder "site/" is stripped).
  await page.goto(websiteUrl);
  await page.setInputFiles('#zip', process.env.ZIP);
  await page.fill('#message', 'From a zip');
  await page.click('form[action$="/versions"] button[type=submit]');
  const secondJob = await jobIsReady(page);
  check(secondJob !== firstJob, 'a new job');
  site = await fetchSite(`${slug}.localhost`, '/about');
  check(site.status === 200 && site.body.includes('About the zip'), `version 2 is served: ${site.status} ${site.body}`);

  // getJob shows the job made in the browser, and its statusUrl is this job page.
  await page.goto('/app/mcp');
  await page.fill('#token-name', 'jobs');
  await page.click('form[action$="/app/mcp"] button[type=submit]');
  const token = (await page.textContent('#token-value')).trim();
  const job = await (await fetch(`${BASE_URL}/v1/jobs/${secondJob}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  check(job.status === 'ready' && job.statusUrl === `/jobs/${secondJob}`, `getJob: ${JSON.stringify(job)}`);
  await page.goto(`/app${job.statusUrl}`);
  check((await page.textContent('#job-status')).trim() === 'ready', 'the statusUrl is the job page');

  // A refused bundle shows every violation, per file; nothing is published.
  await page.goto(websiteUrl);
  await page.setInputFiles('#folder', folder('broken', {
    'index.html': '<!doctype html><script src="https://cdn.example.com/lib.js"></script><iframe src="https://example.com"></iframe>',
    'about.html': '<!doctype html><link rel=stylesheet href="https://cdn.example.com/x.css">',
  }));
  await page.click('form[action$="/versions"] button[type=submit]');
  const alert = page.locator('.notice.bad[role=alert]');
  check((await alert.textContent()).includes('refused'), 'the page says the bundle was refused');
  check(await alert.locator('li[data-code="EXTERNAL_URL"]').count() >= 2, 'EXTERNAL_URL listed');
  check(await alert.locator('li[data-code="IFRAME"]').count() === 1, 'IFRAME listed');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'refused-bundle.png'), fullPage: true });
  const headings = await alert.locator('.file').allTextContents();
  check(headings.includes('index.html') && headings.includes('about.html'), `grouped per file: ${headings}`);
  await page.setInputFiles('#folder', folder('noindex', { 'about.html': '<!doctype html><p>no index' }));
  await page.click('form[action$="/versions"] button[type=submit]');
  // The upload script puts the answer in place of the page: wait for it rather than for a navigation.
  await page.waitForSelector('li[data-code="MISSING_INDEX"]');
  check(await page.locator('li[data-code="MISSING_INDEX"]').count() === 1, 'MISSING_INDEX listed');
  await page.goto(`${websiteUrl}/deploys`);
  check(await page.locator('[data-version]').count() === 2, 'refused bundles published nothing');
  await page.goto(websiteUrl);

  // A version stored without going live: the site keeps version 2, the preview host serves version 3.
  await page.setInputFiles('#folder', folder('draft', { 'index.html': '<!doctype html><h1>Draft three</h1>' }));
  await page.uncheck('input[name=promote]');
  await page.click('form[action$="/versions"] button[type=submit]');
  await jobIsReady(page);
  check((await page.textContent('main')).includes('stored, not live'), 'the job says the version is not live');
  check(!(await fetchSite(`${slug}.localhost`)).body.includes('Draft three'), 'the live site is unchanged');
  // Only to holders of its previewUrl (the job page shows it): the grant becomes a cookie, which opens the page.
  check((await fetchSite(`v3--${slug}.localhost`)).status === 404, 'without the link the draft is not served');
  const draft = new URL(await page.locator('main a[href*="preview_grant="]').first().getAttribute('href'));
  check(draft.hostname === `v3--${slug}.localhost`, `the job page links the draft's preview: ${draft}`);
  const granted = await fetchSite(draft.hostname, `/${draft.search}`);
  check(granted.status === 303 && granted.headers.location === '/', `the grant is taken: ${granted.status}`);
  const cookie = granted.headers['set-cookie'][0].split(';')[0];
  check((await fetchSite(draft.hostname, '/', { Cookie: cookie })).body.includes('Draft three'),
    'the preview host serves it to the link\'s holder');
  await page.goto(`${websiteUrl}/deploys`);
  check(await page.locator('[data-version="3"]').locator('.pill.live').count() === 0, 'version 3 is not current');
  check(await page.locator('[data-version="2"]').locator('.pill.live').count() === 1, 'version 2 still is');

  // Collaborators: bob is invited by username and sees the website as editor; carol sees nothing.
  const bobPage = await newPage();
  await signUp(bobPage, bob);
  await page.goto(`${websiteUrl}/settings`);
  await page.fill('#invite', bob);
  await page.click('#editors button:has-text("Invite")');
  check((await page.textContent('#editors')).includes(bob), 'bob is listed as editor');
  await bobPage.goto('/app/websites');
  const row = bobPage.locator('[data-website]', { hasText: `Bakery ${run}` });
  const rowText = await row.textContent();
  check(rowText.includes('editor') && rowText.includes(`Owner: ${alice}`), `bob's list: ${rowText}`);
  await row.locator('a').first().click();
  await bobPage.click('nav.tabs a:has-text("Settings")');
  check(await bobPage.locator('#invite').count() === 0, 'an editor cannot invite');
  check(await bobPage.locator('#site-password').count() === 0, 'an editor does not see the password setting');
  await bobPage.goto(`/app/jobs/${secondJob}`);
  check((await bobPage.textContent('#job-status')).trim() === 'ready', 'an editor sees the job');

  const carolPage = await newPage();
  await signUp(carolPage, carol);
  let answer = await carolPage.goto(`/app/jobs/${secondJob}`);
  check(answer.status() === 404 && (await carolPage.textContent('h1')) === 'Not found', 'a stranger gets the 404 page for the job');
  answer = await carolPage.goto(websiteUrl.replace(/^https?:\/\/[^/]+/, ''));
  check(answer.status() === 404, 'and for the website');

  // The site password, owner only.
  await page.fill('#site-password-input', 'open sesame');
  await page.click('#site-password button:has-text("Set password")');
  check((await page.textContent('#site-password')).includes('On:'), 'password on');
  check((await fetchSite(`${slug}.localhost`)).status === 401, 'the site asks for the password');
  const basic = 'Basic ' + Buffer.from('any:open sesame').toString('base64');
  check((await fetchSite(`${slug}.localhost`, '/', { Authorization: basic })).status === 200, 'and opens with it');
  await page.click('#site-password button:has-text("Turn the password off")');
  check((await page.textContent('#site-password')).includes('Off:'), 'password off');
  check((await fetchSite(`${slug}.localhost`)).status === 200, 'the site is public again');

  // Bob removed: the website disappears from his list.
  await page.click('#editors button:has-text("Remove")');
  await bobPage.goto('/app/websites');
  check(!(await bobPage.textContent('main')).includes(`Bakery ${run}`), 'a removed editor no longer sees it');

  // A phone: every page fits the width; screenshots kept for a look.
  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2, storageState: await page.context().storageState() });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [name, url] of [['websites', '/app/websites'], ['website', websiteUrl],
    ['website-deploys', `${websiteUrl}/deploys`], ['website-settings', `${websiteUrl}/settings`], ['job', `/app/jobs/${secondJob}`],
    ['tokens', '/app/mcp'], ['new', '/app/websites/new']]) {
    await phone.goto(url);
    await noSideways(phone, name);
    await phone.screenshot({ path: path.join(SCREENSHOTS, `phone-${name}.png`), fullPage: true });
  }
  const signIn = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await signIn.goto('/app/login');
  await noSideways(signIn, 'sign-in');
  await signIn.screenshot({ path: path.join(SCREENSHOTS, 'phone-login.png'), fullPage: true });
});
