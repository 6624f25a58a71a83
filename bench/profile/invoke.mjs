#!/usr/bin/env node
// Profiles the gateway's hot path: `gatehouse serve` over stdio under `node --cpu-prof`, driven by a real
// SDK client calling gateway.invoke on server-everything's echo, then prints the top frames by self
// time. Not part of `npm run bench`'s figures; it answers "where does the gateway's time per call go".
// Usage: node bench/profile/invoke.mjs [--calls 3000] [--width 1] [--top 25] [--keep DIR] [--warmup 200]
// --width N makes the calls in rounds of N at once (the bench's concurrent case is 100); --transport http
// profiles `serve --transport http` behind the SDK's streamable HTTP client instead.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { topFrames } from './top-frames.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(flag('--calls', 3000));
const TOP = Number(flag('--top', 25));
const KEEP = flag('--keep', null);
const WIDTH = Number(flag('--width', 1));
const HTTP = flag('--transport', 'stdio') === 'http';
// --warmup N: calls before the profile counts (V8 tiers the call path up over a few thousand calls).
const WARMUP = Number(flag('--warmup', 200));

const base = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'));
try {
  const project = join(base, 'project');
  const home = join(base, 'home');
  const profiles = KEEP ?? join(base, 'profiles');
  for (const dir of [project, home, profiles]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }));
  const env = { PATH: process.env.PATH ?? '', HOME: home };
  const cli = join(root, 'out', 'main', 'cli.js');
  execFileSync(process.execPath, [cli, 'trust', 'approve', '--yes', '--project', project], { env, stdio: 'ignore' });
  const client = new Client({ name: 'profile', version: '1' });
  const spawned = performance.now();
  let pid;
  if (HTTP) {
    const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profiles, cli, 'serve', '--transport', 'http', '--port', '0', '--project', project], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    pid = child.pid;
    const url = await new Promise((resolve, reject) => {
      let text = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => {
        text += chunk;
        const match = /serving MCP at (\S+)/.exec(text);
        if (match) resolve(new URL(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`gateway exited (${code}): ${text}`)));
    });
    await client.connect(new StreamableHTTPClientTransport(url));
  } else {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--cpu-prof', '--cpu-prof-dir', profiles, cli, 'serve', '--transport', 'stdio', '--standalone', '--project', project],
      env,
      stderr: 'ignore',
    });
    await client.connect(transport);
    pid = transport.pid;
  }
  const call = () => client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: 'hi' } } });
  for (let i = 0; i < WARMUP; i++) await call();
  // Start-up and the first calls (the lazy start of the server) are left out: the profile counts from here.
  const steadyFrom = performance.now() - spawned;
  for (let i = 0; i < CALLS; i += WIDTH) await Promise.all(Array.from({ length: Math.min(WIDTH, CALLS - i) }, call));
  const steadyUntil = performance.now() - spawned;
  // SIGTERM lets the gateway stop cleanly, which is when node writes the profile.
  process.kill(pid, 'SIGTERM');
  await client.close().catch(() => undefined);
  for (let i = 0; i < 200 && !readdirSync(profiles).some((f) => f.endsWith('.cpuprofile')); i++) await new Promise((r) => setTimeout(r, 50));
  const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8'));
  console.log(`gateway profile, ${CALLS} gateway.invoke calls (echo)${WIDTH > 1 ? ` in rounds of ${WIDTH} at once` : ''} after ${WARMUP} unmeasured ones:\n`);
  for (const row of topFrames(profile, TOP, root, steadyUntil, steadyFrom)) console.log(row);
} finally {
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
