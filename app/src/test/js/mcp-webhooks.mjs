// Drives the webhook tools with the official TypeScript SDK client and prints a JSON report.
//   MCP_URL=… MCP_TOKEN=… WEBSITE_ID=web_… HOOK_URL=https://… node mcp-webhooks.mjs
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearerTransport } from './mcp-client.mjs';

const env = process.env;
const client = new Client({ name: 'sites-webhooks-test', version: '1.0.0' });
await client.connect(bearerTransport(env.MCP_URL, env.MCP_TOKEN));

async function call(name, args) {
  try {
    const result = await client.callTool({ name, arguments: args });
    return {
      isError: result.isError === true,
      structuredContent: result.structuredContent ?? null,
      text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n'),
    };
  } catch (error) {
    return { protocolError: String(error?.message ?? error) };
  }
}

const websiteId = env.WEBSITE_ID;
const report = { tools: (await client.listTools()).tools.map((t) => t.name), calls: {} };
report.calls.add_webhook = await call('add_webhook', { websiteId, url: env.HOOK_URL, events: ['version.published'] });
const webhookId = report.calls.add_webhook.structuredContent?.id;
report.calls.list_webhooks = await call('list_webhooks', { websiteId });
report.calls.test_webhook = await call('test_webhook', { websiteId, webhookId });
report.calls.add_account = await call('add_webhook', { url: env.HOOK_URL, events: ['*'] });
report.calls.list_account = await call('list_webhooks', {});
report.calls.add_unknown = await call('add_webhook', { websiteId, url: env.HOOK_URL, events: ['site.exploded'] });
report.calls.remove_webhook = await call('remove_webhook', { websiteId, webhookId });
report.calls.list_after = await call('list_webhooks', { websiteId });
await client.close();
process.stdout.write(JSON.stringify(report));
