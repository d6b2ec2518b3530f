// The dashboard with real pictures (the service runs with sites.pictures.enabled): a site published from the
// browser is photographed by the worker; its card, overview and deploys then show the picture, served by the web
// application under its own CSP (nothing blocked), at 1280 and 390 px, kept as screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { scenario, signUp, check, folder, SCREENSHOTS } from './common.mjs';

const run = Date.now().toString(36);
const refused = [];

async function photograph(page, name) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const [scroll, client] = await page.evaluate(() =>
      [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(scroll <= client, `${name} at ${width} px overflows sideways: ${scroll} > ${client}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Reloads until the page shows a loaded picture: the worker takes it after the publish, on its own thread. */
async function awaitPicture(page, url, selector) {
  for (let i = 0; i < 120; i++) {
    await page.goto(url);
    const loaded = await page.evaluate((s) => {
      const image = document.querySelector(s);
      return image !== null && image.complete && image.naturalWidth > 0;
    }, selector);
    if (loaded) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`no picture at ${url} (${selector})`);
}

await scenario('pictures', async (newPage) => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
  });
  await signUp(page, `pic-${run}`);
  await page.goto('/app/websites/new');
  await page.fill('#name', `Orchard ${run}`);
  await page.setInputFiles('#folder', folder('orchard', {
    'index.html': '<!doctype html><title>Orchard</title><link rel=stylesheet href=site.css><header><h1>The Orchard</h1>'
      + '<p>Apples, pears and plums, picked this morning.</p></header><main><section><h2>This week</h2><ul><li>Cox</li>'
      + '<li>Conference</li><li>Victoria</li></ul></section></main>',
    'site.css': 'body{margin:0;font:18px/1.5 Georgia,serif;color:#2d2a26;background:#fbf6ee}'
      + 'header{background:#3f6e3a;color:#fff;padding:64px 48px}h1{font-size:56px;margin:0}main{padding:32px 48px}' }));
  await page.click('form.upload button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  await page.click('main > p > a:has-text("←")');
  await page.waitForURL(/\/app\/websites\/web_/);
  const websiteUrl = page.url();

  await awaitPicture(page, websiteUrl, '.live-picture img.picture');
  const src = await page.getAttribute('.live-picture img.picture', 'src');
  check(/^\/app\/websites\/web_[a-z0-9]+\/versions\/1\/picture$/.test(src), `the picture is the app's own: ${src}`);
  const png = await page.request.get(src);
  check(png.ok() && png.headers()['content-type'] === 'image/png', `the picture is a PNG: ${png.status()}`);
  check(/private/.test(png.headers()['cache-control']), `kept out of shared caches: ${png.headers()['cache-control']}`);
  await photograph(page, 'pictures-website');
  await page.goto(`${websiteUrl}/deploys`);
  check(await page.locator('[data-version="1"] .thumb.shot img.picture').count() === 1, 'the deploy shows its picture');
  await photograph(page, 'pictures-deploys');
  await awaitPicture(page, '/app/websites', '[data-website] img.picture');
  await photograph(page, 'pictures-websites');

  // Another person cannot fetch it: the website is not theirs.
  const stranger = await newPage();
  await signUp(stranger, `stranger-${run}`);
  const denied = await stranger.request.get(src);
  check(denied.status() === 404, `a stranger gets 404 for the picture: ${denied.status()}`);
  check(refused.length === 0, `the CSP blocked nothing: ${refused}`);
});
