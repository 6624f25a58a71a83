#!/usr/bin/env node
// Echo latency: a direct SDK client to server-everything (stdio) against the same call through Gatehouse
// (stdio and HTTP). The machines are shared and noisy, so what matters is the ratio within one run.
// Usage: npm run bench [-- --calls 500]
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const launcher = join(root, 'bin', 'gatehouse.mjs');
const callsFlag = process.argv.indexOf('--calls');
const CALLS = callsFlag > 0 ? Number(process.argv[callsFlag + 1]) : 300;
const WARMUP = 20;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label, call) {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples = [];
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call();
    samples.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p99: percentile(samples, 99), perSecond: (CALLS / total) * 1000 };
}

const base = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
const project = join(base, 'project');
const home = join(base, 'home');
mkdirSync(project, { recursive: true });
mkdirSync(home, { recursive: true });
writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }));
const env = { PATH: process.env.PATH ?? '', HOME: home };
// The operator approves the project's .mcp.json once, as anyone using a checkout's config does.
execFileSync(process.execPath, [launcher, 'trust', 'approve', '--yes', '--project', project], { env, stdio: 'ignore' });
const results = [];

const direct = new Client({ name: 'bench', version: '1' });
await direct.connect(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], env, stderr: 'ignore' }));
const directListBytes = Buffer.byteLength(JSON.stringify((await direct.listTools()).tools));
results.push(await measure('direct stdio (SDK client -> server-everything)', () => direct.callTool({ name: 'echo', arguments: { message: 'hi' } })));
await direct.close();

const invoke = (client) => () => client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: 'hi' } } });

const viaStdio = new Client({ name: 'bench', version: '1' });
await viaStdio.connect(new StdioClientTransport({ command: process.execPath, args: [launcher, 'serve', '--transport', 'stdio', '--project', project], env, stderr: 'ignore' }));
const gatewayListBytes = Buffer.byteLength(JSON.stringify((await viaStdio.listTools()).tools));
results.push(await measure('Gatehouse stdio (gateway.invoke)', invoke(viaStdio)));
await viaStdio.close();

const server = spawn(process.execPath, [launcher, 'serve', '--transport', 'http', '--port', '0', '--project', project], { env, stdio: ['ignore', 'ignore', 'pipe'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stderr.setEncoding('utf8');
  server.stderr.on('data', (chunk) => {
    text += chunk;
    const match = /serving MCP at (\S+)/.exec(text);
    if (match) resolve(new URL(match[1]));
  });
  server.once('exit', (code) => reject(new Error(`gateway exited (${code}): ${text}`)));
});
const viaHttp = new Client({ name: 'bench', version: '1' });
await viaHttp.connect(new StreamableHTTPClientTransport(url));
results.push(await measure('Gatehouse HTTP (gateway.invoke)', invoke(viaHttp)));
await viaHttp.close();
server.kill('SIGTERM');
rmSync(base, { recursive: true, force: true });

const baseline = results[0].p50;
console.log(`echo, ${CALLS} sequential calls after ${WARMUP} warm-up calls\n`);
console.log(['path'.padEnd(48), 'p50 ms', ' p99 ms', ' calls/s', ' p50 vs direct'].join('  '));
for (const r of results) {
  console.log([r.label.padEnd(48), r.p50.toFixed(2).padStart(6), r.p99.toFixed(2).padStart(7), r.perSecond.toFixed(0).padStart(8), `${(r.p50 / baseline).toFixed(2)}x`.padStart(14)].join('  '));
}
console.log(`\ntools/list: Gatehouse ${gatewayListBytes} bytes (all gateway.* tools) vs server-everything alone ${directListBytes} bytes`);
console.log('(the gateway list stays the same size however many servers and tools sit behind it)');
