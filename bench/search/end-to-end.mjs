// catalog_search end to end: a real SDK client -> `gatehouse serve` over stdio -> the bulk servers (real
// child processes serving synthetic tools). The catalog grows 100 -> 1,000 -> 10,000 tools by connecting
// more servers to the same gateway, so each size is measured on a warm gateway.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

// 100 + 900 + 9 × 1,000: each server stays within max_tools_per_server (raised to 1,000 by the bench policy).
const SERVERS = [100, 900, ...Array.from({ length: 9 }, () => 1000)];
const STEPS = [
  { tools: 100, servers: 1 },
  { tools: 1000, servers: 2 },
  { tools: 10000, servers: 11 },
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Returns [{ tools, p50, p99 }] for each catalog size. */
export async function measureEndToEnd({ base, launcher, gone, bulkServer, queries, calls, warmup }) {
  const project = join(base, 'search-project');
  const home = join(base, 'search-home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  const mcpServers = Object.fromEntries(
    SERVERS.map((tools, i) => [`bulk${i}`, { command: process.execPath, args: [bulkServer], env: { BULK_SERVER: String(i), BULK_TOOLS: String(tools) } }]),
  );
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers }));
  const policy = join(base, 'search-policy.yaml');
  writeFileSync(policy, 'limits:\n  max_tools_per_server: 1000\n');
  // The registry is refused before any request (a loopback URL without the loopback opt-in), so the
  // figures are the gateway's own work and no search leaves the machine.
  const env = { PATH: process.env.PATH ?? '', HOME: home, GATEHOUSE_POLICY: policy, GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9' };
  execFileSync(process.execPath, [launcher, 'trust', 'approve', '--yes', '--project', project], { env, stdio: 'ignore' });

  const client = new Client({ name: 'bench-search', version: '1' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [launcher, 'serve', '--transport', 'stdio', '--project', project], env, stderr: 'ignore' });
  await client.connect(transport);
  const pid = transport.pid;
  const search = (i) => client.callTool({ name: 'gateway.catalog_search', arguments: { query: queries[i % queries.length] } });
  const timings = [];
  try {
    let connected = 0;
    for (const step of STEPS) {
      for (; connected < step.servers; connected++) {
        const answer = await client.callTool({ name: 'gateway.connect_server', arguments: { server_name: `bulk${connected}` } });
        if (answer.isError) throw new Error(`connect bulk${connected} failed: ${JSON.stringify(answer.content)}`);
      }
      const check = JSON.parse((await search(0)).content[0].text);
      if (check.total_available !== step.tools) throw new Error(`expected ${step.tools} tools, the gateway has ${check.total_available}`);
      for (let i = 0; i < warmup; i++) await search(i);
      const samples = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        await search(i);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      timings.push({ tools: step.tools, p50: percentile(samples, 50), p99: percentile(samples, 99) });
    }
  } finally {
    await client.close();
    await gone(pid);
  }
  return timings;
}
