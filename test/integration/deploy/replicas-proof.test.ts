// A small run of the loopback proof (scripts/replicas-proof.mjs, issue 19): Debian's nginx with
// deploy/nginx/gatehouse.conf in front of 3 real gateway replicas, SDK clients of both eras, one replica
// killed with SIGKILL and restarted under load. Only outcomes are checked — the ledger's counts, 404s and
// re-initialisations, tasks found — never how fast anything was (the throughput part is left out here).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-proof-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  ok: boolean;
  checks: [string, number, number | string][];
  figures: Record<string, number>;
  metrics: { status: number; replica: string | null }[];
  timeline: { victim: string };
}

it('loses and duplicates no completed call while a replica dies; its sessions re-initialise, stateless calls and live tasks go on', () => {
  requireBuild();
  const out = join(dir, 'report.json');
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'replicas-proof.mjs'), '--quick', '--no-throughput', '--json', out], { encoding: 'utf8', timeout: 240_000 });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  expect(report.ok).toBe(true);
  for (const [what, got] of report.checks) expect(got, what).toBe(0);
  expect(report.figures.completed).toBeGreaterThan(0);
  expect(report.figures.sessionsOnKilled).toBeGreaterThan(0);
  expect(report.figures.reinitialisedFromKilled).toBeGreaterThanOrEqual(report.figures.sessionsOnKilled ?? 1);
  expect(report.figures.statelessWhileDown).toBeGreaterThan(0);
  expect(report.figures.tasksLive).toBeGreaterThan(0);
  expect(report.metrics.map((m) => [m.status, m.replica])).toEqual([[200, 'r1'], [200, 'r2'], [200, 'r3']]);
}, 300_000);
