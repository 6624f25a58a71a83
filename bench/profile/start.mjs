#!/usr/bin/env node
// Profiles the gateway's cold start: `gatehouse serve` over stdio with 20 lazy servers under
// `node --cpu-prof`, from spawn to the first tools/list answer, then prints the top frames.
// Usage: node bench/profile/start.mjs [--top 30]
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectStdio, everythingServer, gatehouseProject, gatehouseStdio, root, workspace } from '../lib/targets.mjs';
import { topFrames } from './top-frames.mjs';

const at = process.argv.indexOf('--top');
const TOP = at > 0 ? Number(process.argv[at + 1]) : 30;
const base = mkdtempSync(join(tmpdir(), 'gatehouse-profile-start-'));
try {
  const ws = workspace(base, 'start');
  gatehouseProject(ws, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, everythingServer(`profile-start-${i}`)])));
  const profiles = join(base, 'profiles');
  mkdirSync(profiles);
  const spec = gatehouseStdio(ws);
  const t0 = performance.now();
  const session = await connectStdio({ ...spec, args: ['--cpu-prof', '--cpu-prof-dir', profiles, join(root, 'out', 'main', 'cli.js'), ...spec.args.slice(1)] });
  await session.client.listTools();
  const elapsed = performance.now() - t0;
  console.log(`spawn -> first tools/list: ${elapsed.toFixed(0)} ms (profiled, so slower than without); the profile is cut there\n`);
  process.kill(session.pid, 'SIGTERM');
  await session.close();
  const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  // Only what ran before the answer matters; the profile goes on until the process stops, so cut it there.
  const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8'));
  for (const row of topFrames(profile, TOP, root, elapsed)) console.log(row);
} finally {
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
