// Shared by the browser scenarios: Debian's Chromium driven by playwright-core (never a downloaded browser),
// the app's address from BASE_URL, screenshots into SCREENSHOTS (target/…) on failure.
import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

export const BASE_URL = process.env.BASE_URL;
export const SCREENSHOTS = process.env.SCREENSHOTS || 'screenshots';
export const PORT = new URL(BASE_URL).port;
export const PASSWORD = 'a long enough password';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Runs a scenario; on failure every open page is photographed into SCREENSHOTS and the process exits 1. */
export async function scenario(name, body) {
  const browser = await launch();
  const pages = [];
  const newPage = async (options = {}) => {
    const context = await browser.newContext({ baseURL: BASE_URL, ...options });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    pages.push(page);
    return page;
  };
  try {
    await body(newPage);
    console.log(`${name}: ok`);
  } catch (error) {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [i, page] of pages.entries()) {
      const file = path.join(SCREENSHOTS, `${name}-failure-${i}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`screenshot: ${file} (${page.url()})`);
    }
    console.error(error.stack || String(error));
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

export async function signUp(page, username) {
  await page.goto('/app/signup');
  await page.fill('#username', username);
  await page.fill('#password', PASSWORD);
  await page.click('main button[type=submit]');
  await page.waitForURL('**/app/websites');
}

/** GET a site host the way a browser would, by sending its Host header to loopback (as Http.site does). */
export function fetchSite(host, pathName = '/', headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path: pathName,
      headers: { Host: `${host}:${PORT}`, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

/** A folder on disk with the given files ({relative path: string or Buffer}), for <input webkitdirectory>. */
export function folder(name, files) {
  const root = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'sites-browser-'));
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}
