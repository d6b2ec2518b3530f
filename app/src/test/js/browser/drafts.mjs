// An agent's draft claimed in the browser: the draft carries its notice; a person not signed in who opens the
// claimUrl signs in and comes back to it, confirms, and the website is in their list without the notice. A link
// with an altered signature gets the 403 page. The draft tries to hide its notice (a stylesheet against it, an
// element over it, a pseudo-element on it, a script that removes it) and the notice stays on top; its script never runs.
import fs from 'node:fs';
import path from 'node:path';
import { scenario, signUp, check, fetchSite, BASE_URL, PASSWORD, PORT, SCREENSHOTS } from './common.mjs';

/** A page that does what it can against the notice with styles, an element painted over it and a script. */
const HOSTILE = '<!doctype html><html><head><style>'
  + 'sites-draft-notice,[data-sites-draft-notice],body>:last-child{display:none!important;opacity:0!important;'
  + 'visibility:hidden!important;transform:scale(0)!important}'
  + "sites-draft-notice::after{content:'';position:fixed;inset:0;background:#fff;z-index:2147483647}"
  + '</style></head><body><h1>Made by an agent</h1>'
  + "<script>window.ran = true; document.querySelector('[data-sites-draft-notice]')?.remove();</script></body></html>"
  + '<div id="cover" style="position:fixed;inset:0;background:#fff;z-index:2147483647"></div>';

/** The page at 1280 and 390 px, kept under SCREENSHOTS/screenshots; it must not overflow sideways. */
async function both(page, name) {
  const shots = path.join(SCREENSHOTS, 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const [scroll, client] = await page.evaluate(() =>
      [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(scroll <= client, `${name} at ${width} px overflows sideways: ${scroll} > ${client}`);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const username = `draft-${Date.now().toString(36)}`;

await scenario('drafts', async (newPage) => {
  const response = await fetch(`${BASE_URL}/v1/drafts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${process.env.TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Agent draft', files: [{ path: 'index.html',
      content: HOSTILE }] }),
  });
  check(response.status === 201, `the draft is published: ${response.status}`);
  const draft = await response.json();
  // The link's path: under a random test port the service's own address in it says port 0.
  const link = new URL(draft.claimUrl);
  const claimPath = link.pathname + link.search;
  const unclaimed = (await fetchSite(`${draft.slug}.localhost`)).body;
  check(unclaimed.includes('</sites-draft-notice>') && unclaimed.includes("script-src 'none'"),
    'the draft carries the unclaimed-draft notice and its script policy');

  // In a real browser the notice is shown, above everything the page put in its place, and no script ran.
  const visitor = await newPage();
  await visitor.goto(`http://${draft.slug}.localhost:${PORT}/`);
  const notice = await visitor.evaluate(() => {
    const host = document.querySelector('[data-sites-draft-notice]');
    if (!host) return { present: false, ran: window.ran === true };
    const box = host.getBoundingClientRect();
    const style = getComputedStyle(host);
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return { present: true, ran: window.ran === true, width: box.width, height: box.height, onTop: top === host,
      display: style.display, opacity: style.opacity, visibility: style.visibility,
      after: getComputedStyle(host, '::after').content, covered: !!document.getElementById('cover') };
  });
  check(notice.present && !notice.ran, `the page's script did not run: ${JSON.stringify(notice)}`);
  check(notice.covered && notice.onTop && notice.width > 50 && notice.height > 10 && notice.display === 'block'
    && notice.opacity === '1' && notice.visibility === 'visible' && notice.after === 'none',
    `the notice is shown above the page: ${JSON.stringify(notice)}`);

  // Signed up in one browser, then signed out: the claim link leads through the sign-in page and back.
  const setup = await newPage();
  await signUp(setup, username);
  const page = await newPage();
  await page.goto(claimPath);
  await page.waitForURL('**/app/login**');
  await page.fill('#username', username);
  await page.fill('#password', PASSWORD);
  await page.click('main button[type=submit]');
  await page.waitForURL(`**/app/drafts/${draft.websiteId}/claim**`);
  check((await page.textContent('main')).includes('Keep this draft?'), 'the claim page asks to confirm');
  await both(page, 'draft-claim');
  await page.click('#claim-draft');
  await page.waitForURL(`**/app/websites/${draft.websiteId}`);

  await page.goto('/app/websites');
  check((await page.textContent('main')).includes(draft.slug), 'the claimed website is in the list');
  const site = await fetchSite(`${draft.slug}.localhost`);
  check(site.body.includes('Made by an agent') && !site.body.includes('</sites-draft-notice>')
    && !site.body.includes("script-src 'none'"), 'the claimed website is served without the notice and its policy');

  // The same link again is refused when confirmed (the page only checks the signature), an altered one at once.
  await page.goto(claimPath);
  const [again] = await Promise.all([page.waitForNavigation(), page.click('#claim-draft')]);
  check(again.status() === 403 && (await page.textContent('main')).includes('used already'),
    `a used link is refused: ${again.status()}`);
  const altered = claimPath.replace(/token=(\d+)\.(.)/, (m, e, c) => `token=${e}.${c === 'A' ? 'B' : 'A'}`);
  const forged = await page.goto(altered);
  check(forged.status() === 403 && (await page.textContent('main')).includes('This claim link does not work'),
    `an altered link is refused: ${forged.status()}`);
});
