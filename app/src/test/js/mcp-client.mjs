// Drives the MCP endpoint with the official TypeScript SDK client over Streamable HTTP and prints a JSON report.
//   MCP_URL=http://127.0.0.1:8080/mcp MCP_TOKEN=sites_pat_… [PUT_ORIGIN=http://127.0.0.1:8080] node mcp-client.mjs
// The exercise takes a connected transport, so another authentication (OAuth through an authProvider) can reuse it:
//   import { exercise } from './mcp-client.mjs';
//   const report = await exercise(new StreamableHTTPClientTransport(new URL(url), { authProvider }));
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** A transport that sends a bearer token with every request. */
export function bearerTransport(url, token) {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** What a tool call returned, in a form the Java test can read. */
function outcome(result) {
  return {
    isError: result.isError === true,
    structuredContent: result.structuredContent ?? null,
    text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n'),
  };
}

/** Calls a tool; a protocol-level failure (JSON-RPC error, schema mismatch) is recorded, not thrown. */
async function call(client, name, args) {
  try {
    return outcome(await client.callTool({ name, arguments: args }));
  } catch (error) {
    return { protocolError: String(error?.message ?? error) };
  }
}

/** GET a page of a published site: its pageUrl's host, sent to the MCP server's own address (as a browser would). */
function fetchPage(pageUrl, serverUrl) {
  const server = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    http.get({ host: server.hostname, port: server.port, path: '/', headers: { Host: `${new URL(pageUrl).hostname}:${server.port}` } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => { body += chunk; });
        response.on('end', () => resolve(body));
      }).on('error', reject);
  });
}

/** A 1×1 PNG, the bytes of a binary file that goes through an upload slot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Initialize, list the tools, call every tool (and the failures an agent meets), and report. putOrigin, when given,
 * replaces the origin of putUrls (a test server on a random port announces its base URL with port 0); serverUrl,
 * when given, is where a published site's page is fetched after a rollback.
 */
export async function exercise(transport, { name = `MCP Bakery ${Date.now().toString(36)}`, putOrigin, serverUrl } = {}) {
  const client = new Client({ name: 'sites-test-client', version: '1.0.0' });
  await client.connect(transport);
  const report = {
    protocolVersion: transport.protocolVersion ?? null,
    serverVersion: client.getServerVersion() ?? null,
    instructions: client.getInstructions() ?? null,
    capabilities: client.getServerCapabilities() ?? null,
    calls: {},
  };
  try {
    report.tools = (await client.listTools()).tools;
    const calls = report.calls;

    calls.suggest_slug = await call(client, 'suggest_slug', { value: name });
    const slug = calls.suggest_slug.structuredContent?.suggestion;
    report.slug = slug;

    calls.publish_website = await call(client, 'publish_website', {
      name, category: 'restaurant', slug,
      files: [
        { path: 'index.html', content: '<!doctype html><title>Bakery</title><link rel="stylesheet" href="style.css"><h1>Fresh bread v1</h1>' },
        { path: 'style.css', content: 'h1 { color: sienna }' },
      ],
    });
    const websiteId = calls.publish_website.structuredContent?.websiteId;
    report.websiteId = websiteId;

    // The published stylesheet's digest is known; one nobody sent is missing.
    const styleDigest = createHash('sha256').update('h1 { color: sienna }').digest('hex');
    calls.find_missing_digests = await call(client, 'find_missing_digests', { websiteId, sha256: [styleDigest, '0'.repeat(64)] });

    calls.create_upload = await call(client, 'create_upload', { files: [{ path: 'images/dot.png', size: PNG.length }] });
    const slot = calls.create_upload.structuredContent?.uploads?.[0];
    if (slot) {
      const putUrl = putOrigin ? new URL(new URL(slot.putUrl).pathname, putOrigin) : slot.putUrl;
      const put = await fetch(putUrl, { method: 'PUT', headers: { 'Content-Type': slot.contentType }, body: PNG });
      report.uploadPut = { status: put.status, body: await put.json() };
    }

    calls.publish_version = await call(client, 'publish_version', {
      websiteId, message: 'Photo of the day',
      files: [
        { path: 'index.html', content: '<!doctype html><title>Bakery</title><link rel="stylesheet" href="style.css"><h1>Fresh bread v2</h1><img src="images/dot.png" alt="">' },
        { path: 'style.css', content: 'h1 { color: sienna }' },
        { path: 'images/dot.png', uploadKey: slot?.uploadKey },
      ],
    });
    // Sent ahead (upload_files), then named by its digest in the publish.
    calls.upload_files = await call(client, 'upload_files', {
      files: [{ path: 'index.html', content: '<!doctype html><title>Bakery</title><h1>Draft v3</h1>' }],
    });
    calls.publish_version_stored = await call(client, 'publish_version', {
      websiteId, message: 'Draft for review', promote: false,
      files: [{ path: 'index.html', sha256: calls.upload_files.structuredContent?.files?.[0]?.sha256 ?? 'none' }],
    });
    report.pngBase64 = PNG.toString('base64');

    calls.list_websites = await call(client, 'list_websites', {});
    calls.get_website = await call(client, 'get_website', { websiteId });
    calls.list_versions = await call(client, 'list_versions', { websiteId });
    calls.get_job_status = await call(client, 'get_job_status', { jobId: calls.publish_version.structuredContent?.jobId });

    // What an agent gets wrong: a bundle that breaks the authoring rules, ids it cannot see, a request field
    // our own validation refuses, and arguments the input schema refuses.
    calls.invalid_bundle = await call(client, 'publish_version', {
      websiteId,
      files: [{ path: 'about.html', content: '<!doctype html><script src="https://cdn.example.com/lib.js"></script><p>About</p>' }],
    });
    calls.unknown_website = await call(client, 'get_website', { websiteId: 'web_doesnotexist' });
    calls.reserved_slug = await call(client, 'publish_website', {
      category: 'other', slug: 'admin', files: [{ path: 'index.html', content: '<p>hi</p>' }],
    });
    // Arguments outside the input schema meet the REST rules: a missing value, a string where a list belongs.
    calls.missing_argument = await call(client, 'suggest_slug', {});
    calls.wrong_shape = await call(client, 'publish_website', { category: 'other', files: 'index.html' });

    // The extensions, on a website of their own: roll back to version 1 (the site serves it when the call
    // returns), promote the live version again (nothing changes), then delete the website for good.
    calls.publish_rollback_site = await call(client, 'publish_website', {
      name: `${name} rollback`, category: 'other',
      files: [{ path: 'index.html', content: '<!doctype html><title>Rollback</title><h1>Rollback v1</h1>' }],
    });
    const rollbackId = calls.publish_rollback_site.structuredContent?.websiteId;
    calls.publish_rollback_v2 = await call(client, 'publish_version', {
      websiteId: rollbackId, files: [{ path: 'index.html', content: '<!doctype html><title>Rollback</title><h1>Rollback v2</h1>' },
        { path: 'about.html', content: '<!doctype html><title>About</title><p>About</p>' }],
    });
    // diff_versions: version 2 against 1 changes index.html and adds about.html; a bad against, an unknown version.
    calls.diff_versions = await call(client, 'diff_versions', { websiteId: rollbackId, version: 2, against: 1 });
    calls.diff_bad_against = await call(client, 'diff_versions', { websiteId: rollbackId, version: 2, against: 'latest' });
    calls.diff_unknown_version = await call(client, 'diff_versions', { websiteId: rollbackId, version: 99, against: 1 });
    calls.promote_version = await call(client, 'promote_version', { websiteId: rollbackId, version: 1 });
    if (serverUrl && calls.publish_rollback_site.structuredContent?.pageUrl) {
      report.servedAfterRollback = await fetchPage(calls.publish_rollback_site.structuredContent.pageUrl, serverUrl);
    }
    calls.promote_version_again = await call(client, 'promote_version', { websiteId: rollbackId, version: 1 });
    calls.promote_unknown_version = await call(client, 'promote_version', { websiteId: rollbackId, version: 99 });
    // The history before the delete: newest first, a page of two and the cursor of the older ones.
    calls.get_history = await call(client, 'get_history', { websiteId: rollbackId, limit: 2 });
    calls.get_history_older = await call(client, 'get_history', {
      websiteId: rollbackId, limit: 2, before: calls.get_history.structuredContent?.next,
    });
    // A publish whose answer was lost, retried with the same idempotencyKey: the same version, not another one;
    // the same key with other arguments is refused.
    const keyed = {
      websiteId: rollbackId, promote: false, idempotencyKey: `retry-${Date.now().toString(36)}`,
      files: [{ path: 'index.html', content: '<!doctype html><title>Rollback</title><h1>Rollback v3</h1>' }],
    };
    calls.publish_keyed = await call(client, 'publish_version', keyed);
    calls.publish_keyed_retry = await call(client, 'publish_version', keyed);
    calls.publish_keyed_reused = await call(client, 'publish_version', { ...keyed, message: 'Another request' });
    const keyedInvalid = { ...keyed, idempotencyKey: `${keyed.idempotencyKey}-invalid`, files: [{ path: 'about.html', content: '<p>no index</p>' }] };
    calls.publish_keyed_invalid = await call(client, 'publish_version', keyedInvalid);
    calls.publish_keyed_invalid_retry = await call(client, 'publish_version', keyedInvalid);
    // update_website: the owner's settings (retainVersions keeps the live and recent versions anyway); a bad value.
    calls.update_website = await call(client, 'update_website', {
      websiteId: rollbackId, retainVersions: 1, description: 'Kept short',
    });
    calls.update_website_invalid = await call(client, 'update_website', { websiteId: rollbackId, retainVersions: 0 });
    // publish_draft: a throwaway website with its claim link; a _headers file is refused with its own code.
    calls.publish_draft = await call(client, 'publish_draft', {
      name: 'Agent draft', files: [{ path: 'index.html', content: '<html><body><p>draft</p></body></html>' }],
    });
    calls.publish_draft_headers = await call(client, 'publish_draft', {
      files: [{ path: 'index.html', content: '<p>x</p>' }, { path: '_headers', content: '/*\n  X-A: b' }],
    });
    calls.delete_website = await call(client, 'delete_website', { websiteId: rollbackId });
    calls.delete_website_again = await call(client, 'delete_website', { websiteId: rollbackId });
    calls.promote_deleted = await call(client, 'promote_version', { websiteId: rollbackId, version: 1 });
    calls.get_history_deleted = await call(client, 'get_history', { websiteId: rollbackId });

    // The dry run: a new website's bundle (valid, one broken link), a version's (refused), and a website the
    // caller cannot see (an error, as isError).
    calls.validate_bundle = await call(client, 'validate_bundle', {
      name: `${name} dry`, category: 'other',
      files: [{ path: 'index.html', content: '<!doctype html><title>Dry</title>\n<a href="menu.html">Menu</a>' }],
    });
    calls.validate_bundle_version = await call(client, 'validate_bundle', {
      websiteId, files: [{ path: 'about.html', content: '<script src="https://cdn.example.com/lib.js"></script>' }],
    });
    calls.validate_bundle_unknown = await call(client, 'validate_bundle', {
      websiteId: 'web_doesnotexist', files: [{ path: 'index.html', content: '<p>hi</p>' }],
    });
  } finally {
    await client.close();
  }
  return report;
}

/** The tokenless drafts endpoint ({MCP_URL}/drafts) as an agent without an account meets it: its tools, one call. */
async function anonymousDraft(url) {
  const client = new Client({ name: 'sites-drafts-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/drafts`)));
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const draft = await call(client, 'publish_draft', {
      files: [{ path: 'index.html', content: '<html><body><p>anonymous</p></body></html>' }],
    });
    return { tools, draft };
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await exercise(bearerTransport(process.env.MCP_URL, process.env.MCP_TOKEN),
    { putOrigin: process.env.PUT_ORIGIN, serverUrl: process.env.MCP_URL });
  report.anonymousDraft = await anonymousDraft(process.env.MCP_URL);
  process.stdout.write(JSON.stringify(report));
}
