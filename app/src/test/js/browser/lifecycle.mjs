// Rollback, history and delete in the web application: a version made live again from the website's page (and a
// stored one made live), the history of all of it on the same page, then the website deleted after its slug is typed
// out; the site answers 410 afterwards. On the way, the overview follows a promote made in another tab, live.
import fs from 'node:fs';
import path from 'node:path';
import { scenario, signUp, check, fetchSite, folder, SCREENSHOTS } from './common.mjs';

const run = Date.now().toString(36);
const owner = `owner-${run}`;

/** Submits a form that answers with a redirect, and waits for the page it leads to. */
async function submit(page, selector) {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
}

async function publish(page, files, { live = true } = {}) {
  await page.setInputFiles('#folder', folder(`v-${Date.now()}`, files));
  if (!live) await page.uncheck('input[name=promote]');
  await page.click('form[action$="/versions"] button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
}

await scenario('lifecycle', async (newPage) => {
  const page = await newPage();
  await signUp(page, owner);
  await page.click('a[href$="/app/websites/new"]');
  await page.fill('#name', `Rollback ${run}`);
  await page.setInputFiles('#folder', folder('one', { 'index.html': '<!doctype html><h1>Version one</h1>' }));
  await page.click('main form button[type=submit]');
  await page.waitForURL(/\/app\/jobs\/job_/);
  const slug = new URL(await page.getAttribute('#page-url', 'href')).hostname.split('.')[0];
  await page.click('main > p > a:has-text("←")');
  await page.waitForURL(/\/app\/websites\/web_/);
  const websiteUrl = page.url();
  check(await page.locator('form.promote').count() === 0, 'a single live version has nothing to promote');

  await publish(page, { 'index.html': '<!doctype html><h1>Version two</h1>' });
  await page.goto(websiteUrl);
  await publish(page, { 'index.html': '<!doctype html><h1>Draft three</h1>' }, { live: false });
  await page.goto(`${websiteUrl}/deploys`);
  check((await fetchSite(`${slug}.localhost`)).body.includes('Version two'), 'version 2 is live');
  check(await page.locator('[data-version="2"] form.promote').count() === 0, 'the live version has no button');
  const rollback = page.locator('[data-version="1"] form.promote button');
  check((await rollback.textContent()).includes('Roll back to version 1'), `rollback label: ${await rollback.textContent()}`);
  check((await page.locator('[data-version="3"] form.promote button').textContent()).includes('Make version 3 live'),
    'a stored newer version is made live');

  // Roll back: the page says so, version 1 is current, and the site serves it on the very next request.
  await submit(page, '[data-version="1"] form.promote button');
  check((await page.textContent('.notice[role=status]')).includes('Rolled back'), 'the page says it rolled back');
  check(await page.locator('[data-version="1"]').locator('.pill.live').count() === 1, 'version 1 is current');
  check((await fetchSite(`${slug}.localhost`)).body.includes('Version one'), 'the site serves version 1');
  await submit(page, '[data-version="3"] form.promote button');
  check(await page.locator('[data-version="3"]').locator('.pill.live').count() === 1, 'version 3 is current');
  check((await fetchSite(`${slug}.localhost`)).body.includes('Draft three'), 'the site serves version 3');

  // The overview offers the quick rollback to the newest older version, and links every view.
  await page.goto(websiteUrl);
  check((await page.textContent('#live-version')).includes('Version 3 is live'), 'the overview names the live version');
  check((await page.textContent('.quick-actions form.promote button')).includes('Roll back to version 2'),
    'the overview offers the rollback to version 2');

  // The history, newest first: the two promotions, the three publishes and the creation, each by the owner through
  // the web application; its own view, linked from the website's tabs, with one heading and no event codes.
  await page.click('nav.tabs a:has-text("History")');
  await page.waitForURL(/\/history$/);
  check(await page.locator('main h1, main h2').count() === 1, 'the history view has one heading');
  check(!(await page.textContent('main')).includes('version.promoted'), 'no event code is shown');
  const rows = page.locator('#history-entries li[data-type]');
  const types = await rows.evaluateAll((items) => items.map((item) => item.dataset.type));
  check(JSON.stringify(types) === JSON.stringify(['version.promoted', 'version.promoted', 'version.published',
    'version.published', 'version.published', 'website.created']), `history types: ${types}`);
  const doors = await page.locator('#history-entries .door').allTextContents();
  check(doors.length === 6 && doors.every((door) => door.trim() === 'the web app'), `history doors: ${doors}`);
  const newest = await rows.first().textContent();
  check(newest.includes(owner) && newest.includes('3'), `the newest entry names the owner and version 3: ${newest}`);
  const seqs = await rows.evaluateAll((items) => items.map((item) => Number(item.dataset.seq)));
  check(seqs.every((seq, i) => i === 0 || seq < seqs[i - 1]), `history newest first: ${seqs}`);

  // Live: the overview open in one tab follows what happens elsewhere. A promote in another tab shows here, the
  // page never reloading (its website's live feed, GET /app/websites/{id}/events, then the page's parts read again).
  await page.goto(websiteUrl);
  await page.waitForSelector('[data-events][data-following]');
  await page.evaluate(() => { window.stillThisPage = true; });
  const other = await page.context().newPage();
  await other.goto(`${websiteUrl}/deploys`);
  await Promise.all([other.waitForNavigation(), other.click('[data-version="2"] form.promote button')]);
  await page.waitForFunction(() => document.querySelector('#live-version').textContent.includes('Version 2 is live'));
  check(await page.evaluate(() => window.stillThisPage === true), 'the overview changed without a reload');
  check((await page.textContent('.quick-actions form.promote button')).includes('Roll back to version 1'),
    'its rollback button followed too');
  await other.close();

  // Delete, in Settings: a wrong confirmation deletes nothing and says so next to the field, which the page scrolls
  // to; the slug typed out deletes it.
  await page.click('nav.tabs a:has-text("Settings")');
  await page.waitForURL(/\/settings$/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto(`${websiteUrl}/settings`);
    await page.fill('#delete-confirm', 'not-the-slug');
    await submit(page, '#delete-website button[type=submit]');
    check(page.url().endsWith('/settings#delete-confirm'), `back at the field: ${page.url()}`);
    check((await page.textContent('#delete-problem')).includes('Nothing was deleted'), 'a wrong slug is refused');
    check(await page.locator('.notice.bad').count() === 0, 'the problem is not at the top of the page');
    const [field, problem] = [await page.locator('#delete-confirm').boundingBox(), await page.locator('#delete-problem').boundingBox()];
    check(problem.y >= field.y + field.height && problem.y - (field.y + field.height) < 40,
      `the message sits under the field: ${JSON.stringify([field, problem])}`);
    const view = page.viewportSize().height;
    check(field.y >= 0 && problem.y + problem.height <= view, `at ${width} px the field and its message are in view: ${JSON.stringify([field, problem])}`);
    check(await page.getAttribute('#delete-confirm', 'aria-invalid') === 'true', 'the field is marked invalid');
    // What the eye sees right after the refusal: the viewport, not the whole page.
    fs.mkdirSync(path.join(SCREENSHOTS, 'screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'screenshots', `delete-refused-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  check((await fetchSite(`${slug}.localhost`)).status === 200, 'the site is still served');
  await page.fill('#delete-confirm', slug);
  await submit(page, '#delete-website button[type=submit]');
  check(/\/app\/websites$/.test(page.url()), `back at the list: ${page.url()}`);
  check((await page.textContent('.notice[role=status]')).includes('Deleted'), 'the list says it was deleted');
  check(await page.locator('[data-website]').count() === 0, 'the website left the list');
  check((await fetchSite(`${slug}.localhost`)).status === 410, 'the site answers 410');
  check((await fetchSite(`v1--${slug}.localhost`)).status === 410, 'and so do its previews');
  const gone = await page.goto(websiteUrl.replace(/^https?:\/\/[^/]+/, ''));
  check(gone.status() === 404, 'its page is not found');
});
