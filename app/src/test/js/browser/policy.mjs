// A published page's requests to two other loopback origins in Chromium, under the sites' Content-Security-Policy:
// the https one goes through, the plain http one is blocked by the browser (a securitypolicyviolation event).
// Prints one JSON line: what each request came to and the violations the page saw.
import { chromium } from 'playwright-core';
import { check } from './common.mjs';

const PAGE_URL = process.env.PAGE_URL;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
try {
  // The https origin's certificate is the test's own, trusted by nobody: the browser is told to accept it.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const tab = await context.newPage();
  const opened = await tab.goto(PAGE_URL);
  check(opened.status() === 200, `the page opens: ${opened.status()}`);
  // Both requests settled, and a blocked one reported (the event may come after the fetch's rejection).
  await tab.waitForFunction(() => {
    const https = document.getElementById('https').textContent;
    const http = document.getElementById('http').textContent;
    return https !== 'waiting' && http !== 'waiting' && (http.startsWith('ok') || window.violations.length > 0);
  }, null, { timeout: 30000 });
  const outcome = await tab.evaluate(() => ({
    https: document.getElementById('https').textContent,
    http: document.getElementById('http').textContent,
    violations: window.violations,
  }));
  console.log(JSON.stringify(outcome));
} catch (error) {
  console.error(error.stack || String(error));
  process.exitCode = 1;
} finally {
  await browser.close();
}
