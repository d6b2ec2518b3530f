// Drives the custom domain tools with the official TypeScript SDK client and prints a JSON report.
//   MCP_URL=… MCP_TOKEN=… WEBSITE_ID=web_… VERIFIED_HOST=… NEW_HOST=… node mcp-domains.mjs
// VERIFIED_HOST was added over REST and its TXT record set by the test; NEW_HOST has no record.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearerTransport } from './mcp-client.mjs';

const env = process.env;
const client = new Client({ name: 'sites-domains-test', version: '1.0.0' });
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
report.calls.add_domain = await call('add_domain', { websiteId, hostname: env.NEW_HOST });
report.calls.list_domains = await call('list_domains', { websiteId });
report.calls.verify_unverified = await call('verify_domain', { websiteId, hostname: env.NEW_HOST });
report.calls.verify_domain = await call('verify_domain', { websiteId, hostname: env.VERIFIED_HOST });
report.calls.remove_domain = await call('remove_domain', { websiteId, hostname: env.NEW_HOST });
report.calls.add_invalid = await call('add_domain', { websiteId, hostname: 'localhost' });
await client.close();
process.stdout.write(JSON.stringify(report));
