// The Usage view and the websites list's usage summary: a website visited on its site host (two pages, one referred
// from another site), its Usage tab once the replica has written its counts, charts drawn by uPlot from the app's
// own assets (no request leaves the app, no CSP violation), at 1280 and 390 px with screenshots kept.
import fs from 'node:fs';
import path from 'node:path';
import { scenario, signUp, check, fetchSite, folder, BASE_URL, SCREENSHOTS } from './common.mjs';

const run = Date.now().toString(36);
const shots = path.join(SCREENSHOTS, 'screenshots');

async function both(page, name) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.reload();
    await page.waitForSelector('.chart .uplot canvas');
    const [scroll, client] = await page.evaluate(() =>
      [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(scroll <= client, `${name} at ${width} px overflows sideways: ${scroll} > ${client}`);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

await scenario('usage', async (newPage) => {
  const page = await newPage();
  const outside = [];
  const violations = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(BASE_URL) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  const failed = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      violations.push(message.text());
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await signUp(page, `usage-${run}`);
  await page.click('a[href$="/app/websites/new"]');
  await page.fill('#name', `Usage ${run}`);
  await page.setInputFiles('#folder', folder('site', {
    'index.html': '<!doctype html><h1>Home</h1><a href="about.html">About</a>',
    'about.html': '<!doctype html><h1>About</h1>',
  }));
  await page.click('main form button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  const host = new URL(await page.getAttribute('#page-url', 'href')).hostname;
  await page.click('main > p > a:has-text("←")');
  await page.waitForURL(/\/app\/websites\/web_/);
  const websiteUrl = page.url();

  for (let i = 0; i < 5; i++) check((await fetchSite(host, '/')).status === 200, 'the home page is served');
  for (let i = 0; i < 3; i++) {
    check((await fetchSite(host, '/about', { Referer: `https://news.example.com/story/${i}` })).status === 200,
      'the about page is served');
  }

  await page.click('nav.tabs a:has-text("Usage")');
  await page.waitForURL(/\/usage$/);
  // The replica writes its counts every few seconds: the page shows them once written.
  for (let tries = 0; (await page.textContent('#total-requests')).trim() !== '8'; tries++) {
    check(tries < 60, `the usage never showed 8 requests: ${await page.textContent('#total-requests')}`);
    await page.waitForTimeout(500);
    await page.reload();
  }
  check(await page.locator('nav.tabs a[aria-current=page]').textContent() === 'Usage', 'the Usage tab is current');
  await page.waitForSelector('#chart-requests .uplot canvas');
  await page.waitForSelector('#chart-bytes .uplot canvas');
  const paths = await page.locator('#top-paths td.key').allTextContents();
  check(paths[0] === '/' && paths[1] === '/about', `top paths: ${paths}`);
  check((await page.locator('#referrers td.key').allTextContents()).join() === 'news.example.com',
    'the referrer is the host only');
  await page.click('nav.ranges a:has-text("24 hours")');
  await page.waitForSelector('#chart-requests .uplot canvas');
  check((await page.textContent('#total-requests')).trim() === '8', 'the last 24 hours hold the same 8');
  await both(page, 'website-usage');

  await page.goto('/app/websites');
  await page.waitForSelector('#usage-summary #chart-account .uplot canvas');
  await both(page, 'websites-usage');

  check(outside.length === 0, `requests left the app: ${outside}`);
  check(violations.length === 0, `console errors (CSP?): ${violations}`);
  // The pictures of versions are taken after a publish: until then their address is 404 and the page shows the icon.
  check(failed.every((line) => /\/versions\/\d+\/picture$/.test(line)), `failed requests: ${failed}`);
  check(websiteUrl.includes('/app/websites/web_'), 'the website page');
});
