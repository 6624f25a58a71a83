#!/usr/bin/env node
// A/B of the invoke hop between two builds (each a checkout with out/main/cli.js): per block, the gateway's
// CPU per call (schedstat, as the bench counts it) and the p50 / p99 of gateway.invoke echo over stdio, in interleaved
// blocks so load on the shared machine lands on both. Not a bench figure; it answers "did this change help".
// Usage: node bench/profile/ab.mjs A_ROOT B_ROOT [--calls 2000] [--rounds 3]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cpuNs } from '../lib/measure.mjs';

const [a, b] = process.argv.slice(2, 4);
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = flag('--calls', 2000);
const ROUNDS = flag('--rounds', 3);
// --width N: each block is rounds of N calls at once, and reports the wall time per round.
const WIDTH = flag('--width', 1);
// --warmup N: calls before anything counts (V8 tiers the call path up over a few thousand).
const WARM = flag('--warmup', 5000);
// --idle S: seconds both gateways sit idle after the warm-up (what a long idle does to warm code).
const IDLE = flag('--idle', 0);
// --a-node / --b-node "FLAGS": node options for that side's gateway (the same build can be compared with itself).
const nodeFlags = (side) => {
  const at = process.argv.indexOf(`--${side}-node`);
  return at > 0 ? process.argv[at + 1].split(' ').filter(Boolean) : [];
};
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const base = mkdtempSync(join(tmpdir(), 'gatehouse-ab-'));
try {
  const sessions = [];
  for (const [label, root] of [['A', a], ['B', b]]) {
    const project = join(base, label, 'project');
    const home = join(base, label, 'home');
    mkdirSync(project, { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio', `--ab-${label}`] } } }));
    const env = { PATH: process.env.PATH ?? '', HOME: home };
    const cli = join(root, 'out', 'main', 'cli.js');
    execFileSync(process.execPath, [cli, 'trust', 'approve', '--yes', '--project', project], { env, stdio: 'ignore' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeFlags(label.toLowerCase()), cli, 'serve', '--transport', 'stdio', '--standalone', '--project', project], env, stderr: 'ignore' });
    const client = new Client({ name: 'ab', version: '1' });
    await client.connect(transport);
    const call = () => client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: 'hi' } } });
    // Warm: the JIT settles and the server is running before anything counts.
    for (let i = 0; i < WARM; i++) await call();
    sessions.push({ label, root, client, call, pid: transport.pid, blocks: [] });
  }
  if (IDLE > 0) await new Promise((resolve) => setTimeout(resolve, IDLE * 1000));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [...sessions].reverse() : sessions) {
      const times = [];
      const before = cpuNs(s.pid);
      for (let i = 0; i < CALLS; i += WIDTH) {
        const t = performance.now();
        await Promise.all(Array.from({ length: Math.min(WIDTH, CALLS - i) }, () => s.call()));
        times.push(performance.now() - t);
      }
      const cpu = (cpuNs(s.pid) - before) / 1e6 / CALLS;
      times.sort((x, y) => x - y);
      s.blocks.push({ cpu, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] });
    }
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const s of sessions) {
    console.log(`${s.label} ${s.root}${WIDTH > 1 ? ` (rounds of ${WIDTH}; p50/p99 are per round)` : ''}: cpu/call ${med(s.blocks.map((x) => x.cpu)).toFixed(3)} ms, p50 ${med(s.blocks.map((x) => x.p50)).toFixed(3)} ms, p99 ${med(s.blocks.map((x) => x.p99)).toFixed(3)} ms  [${s.blocks.map((x) => x.cpu.toFixed(3)).join(' ')}]`);
    await s.client.close();
  }
} finally {
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
