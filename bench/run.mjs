#!/usr/bin/env node
// Echo latency: a direct SDK client to server-everything (stdio) against the same call through Gatehouse
// (stdio and HTTP). The machines are shared and noisy, so what matters is the ratio within one run.
// catalog_search at 100 / 1,000 / 10,000 tools: in-process (the meta-tool itself) and end to end (a
// client -> gatehouse serve -> real child servers), with the growth from the smallest to the largest.
// Confinement: start-up and call latency of a bubblewrap-confined server against the same one unconfined.
// Usage: npm run bench [-- --calls 500] [--search-calls 500] [--only echo|search|confinement]
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { measureEndToEnd } from './search/end-to-end.mjs';
import { benchConfinement } from './confinement/measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const launcher = join(root, 'bin', 'gatehouse.mjs');
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(flag('--calls', 300));
const SEARCH_CALLS = Number(flag('--search-calls', 500));
const ONLY = flag('--only', null);
const WARMUP = 20;
const SEARCH_SIZES = [100, 1000, 10000];

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

async function benchEcho(base) {
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
  const stdioTransport = new StdioClientTransport({ command: process.execPath, args: [launcher, 'serve', '--transport', 'stdio', '--project', project], env, stderr: 'ignore' });
  await viaStdio.connect(stdioTransport);
  const stdioPid = stdioTransport.pid;
  const gatewayListBytes = Buffer.byteLength(JSON.stringify((await viaStdio.listTools()).tools));
  results.push(await measure('Gatehouse stdio (gateway.invoke)', invoke(viaStdio)));
  await viaStdio.close();
  await gone(stdioPid);

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
  await stopped(server);

  const baseline = results[0].p50;
  console.log(`echo, ${CALLS} sequential calls after ${WARMUP} warm-up calls\n`);
  console.log(['path'.padEnd(48), 'p50 ms', ' p99 ms', ' calls/s', ' p50 vs direct'].join('  '));
  for (const r of results) {
    console.log([r.label.padEnd(48), r.p50.toFixed(2).padStart(6), r.p99.toFixed(2).padStart(7), r.perSecond.toFixed(0).padStart(8), `${(r.p50 / baseline).toFixed(2)}x`.padStart(14)].join('  '));
  }
  console.log(`\ntools/list: Gatehouse ${gatewayListBytes} bytes (all gateway.* tools) vs server-everything alone ${directListBytes} bytes`);
  console.log('(the gateway list stays the same size however many servers and tools sit behind it)');
}

/** Ends a gateway started here and waits for it: it may still be writing its state while it stops. */
async function stopped(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Waits until a gateway a client closed has really exited: the SDK's close() stops waiting after a
 * grace period, and a gateway still stopping writes its state files into the bench's temp folder.
 */
async function gone(pid, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (pid && Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The bench entries that import the TypeScript sources, bundled like the test fixtures are. */
async function buildSearchBench() {
  const { build } = await import('vite');
  const outDir = join(root, 'out', 'bench');
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: {
        input: { 'in-process': join(root, 'bench', 'search', 'in-process.ts'), 'bulk-server': join(root, 'bench', 'search', 'bulk-server.ts') },
        output: { format: 'es', entryFileNames: '[name].mjs' },
      },
    },
    ssr: { external: true },
  });
  return outDir;
}

async function benchSearch(base) {
  const outDir = await buildSearchBench();
  const { measureCatalogSearch, BENCH_QUERIES } = await import(pathToFileURL(join(outDir, 'in-process.mjs')).href);
  const inProcess = await measureCatalogSearch(SEARCH_SIZES, SEARCH_CALLS, WARMUP);
  const endToEnd = await measureEndToEnd({ base, launcher, gone, bulkServer: join(outDir, 'bulk-server.mjs'), queries: BENCH_QUERIES, calls: Math.min(SEARCH_CALLS, 200), warmup: WARMUP });
  const growth = (rows, key) => (rows[rows.length - 1][key] / rows[0][key]).toFixed(1);
  console.log(`\ncatalog_search, ${BENCH_QUERIES.length} queries in turn; in-process ${SEARCH_CALLS} calls, end to end ${Math.min(SEARCH_CALLS, 200)} calls per size\n`);
  const header = ['tools', 'first ms', 'in-process p50', 'p99', 'cpu p50', 'cpu p99', 'index p50', 'p99', 'end-to-end p50', 'p99'];
  const widths = [6, 8, 14, 7, 7, 7, 9, 7, 14, 7];
  console.log(header.map((h, i) => h.padStart(widths[i])).join('  '));
  for (const [i, r] of inProcess.entries()) {
    const e = endToEnd[i];
    const cells = [String(r.tools), r.firstMs.toFixed(1), r.p50.toFixed(3), r.p99.toFixed(3), r.cpuP50.toFixed(3), r.cpuP99.toFixed(3), r.indexP50.toFixed(3), r.indexP99.toFixed(3), e.p50.toFixed(2), e.p99.toFixed(2)];
    console.log(cells.map((c, k) => c.padStart(widths[k])).join('  '));
  }
  console.log(`growth ${SEARCH_SIZES[0]} -> ${SEARCH_SIZES[SEARCH_SIZES.length - 1]} tools: in-process p50 ${growth(inProcess, 'p50')}x, p99 ${growth(inProcess, 'p99')}x, cpu p50 ${growth(inProcess, 'cpuP50')}x, index p50 ${growth(inProcess, 'indexP50')}x; end-to-end p50 ${growth(endToEnd, 'p50')}x`);
  console.log('(in-process: the meta-tool run() with servers of 100 tools; "first" builds the index. cpu: process CPU time per call,');
  console.log(' which leaves out the time other processes on this shared machine took. index: CatalogIndex.search alone, no cards,');
  console.log(' hints or JSON (answers are fuller at 10,000 tools, so shaping them costs more there). end-to-end: SDK client ->');
  console.log(' gatehouse serve over stdio -> bulk servers, registry off; it includes the manifest, CLI and registry extras.)');
}

const base = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
try {
  if (ONLY === null || ONLY === 'echo') await benchEcho(base);
  if (ONLY === null || ONLY === 'search') await benchSearch(base);
  if (ONLY === null || ONLY === 'confinement') await benchConfinement({ base, launcher, everything, gone, calls: CALLS, warmup: WARMUP });
} finally {
  // Children that just exited may leave files a moment later (the kernel closes their handles after the
  // exit is reported): retry instead of failing the whole run on ENOTEMPTY.
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
