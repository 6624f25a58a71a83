#!/usr/bin/env node
// Times the gateway's cold start alone (spawn -> first tools/list, 20 lazy servers), N runs, no profiler:
// for checking a start-up change quickly; `npm run bench` is what records the figure.
// Usage: node bench/profile/start-time.mjs [--runs 7]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectStdio, everythingServer, gatehouseProject, gatehouseStdio, workspace } from '../lib/targets.mjs';

const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 7;
const base = mkdtempSync(join(tmpdir(), 'gatehouse-start-time-'));
try {
  const ws = workspace(base, 'start');
  gatehouseProject(ws, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, everythingServer(`start-time-${i}`)])));
  const samples = [];
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    const session = await connectStdio(gatehouseStdio(ws));
    await session.client.listTools();
    const ms = performance.now() - t0;
    await session.close();
    if (i > 0) samples.push(ms); // the first run warms the OS's file cache
  }
  samples.sort((a, b) => a - b);
  console.log(`spawn -> first tools/list, 20 lazy servers: median ${samples[samples.length >> 1].toFixed(0)} ms (min ${samples[0].toFixed(0)}, max ${samples.at(-1).toFixed(0)}, ${RUNS} runs, load ${(await import('node:os')).loadavg()[0].toFixed(2)})`);
} finally {
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
