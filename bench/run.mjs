#!/usr/bin/env node
// Gatehouse side by side with a direct connection and PMCP, in one run on one machine (the machines are
// shared and noisy, so what matters is the ratio within a run): the invoke hop over stdio and HTTP, its
// CPU, 100 concurrent calls, cold start and memory with 20 lazy servers, the context an agent pays
// (tools/list, search -> describe -> invoke), and catalog_search at 100 / 1,000 / 10,000 tools in-process
// and end to end. Interleaved blocks, several repetitions, medians. PMCP comes from PyPI, pinned, through
// uv into a cache folder (bench/pmcp/install.mjs); if it cannot be installed or run, the reason is recorded
// and the rest is measured. Writes bench/results/latest.json and bench/results/latest.md.
// Confinement: start-up and call p50 of a bubblewrap-confined server against the same one unconfined
// (bench/confinement/measure.mjs).
// Usage: npm run bench [-- --calls 500] [--reps 3] [--search-calls 500] [--only echo|hop|search|render|confinement] [--no-pmcp] [--warmup 5000]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchHop } from './cases/hop.mjs';
import { benchStart } from './cases/start.mjs';
import { bundleEntries } from './lib/bundle.mjs';
import { environment, markdown } from './lib/report.mjs';
import { everything, gone, launcher, root } from './lib/targets.mjs';
import { ensurePmcp } from './pmcp/install.mjs';
import { startRegistryStub } from './pmcp/registry-stub.mjs';
import { measureEndToEnd } from './search/end-to-end.mjs';
import { benchConfinement } from './confinement/measure.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(flag('--calls', 500));
const REPS = Number(flag('--reps', 3));
const SEARCH_CALLS = Number(flag('--search-calls', 500));
const ONLY = flag('--only', null);
const WARMUP = 20;
// The hop case measures warm processes: V8 optimises Gatehouse's call path only after ~3,000-5,000 calls
// (a gateway's CPU per call falls from ~0.6 to ~0.1 ms over them; --interrupt-budget=8000 shortens that,
// which is how this was told apart from a kernel effect). Every target (direct, relays, Gatehouse, PMCP)
// gets this warm-up after a first, cold block that is reported on its own row, and 1,000 more calls
// before each measurement (cases/hop.mjs says why).
const HOP_WARMUP = Number(flag('--warmup', 5000));
const WIDTH = 100;
const ROUNDS = Number(flag('--rounds', 5));
const SEARCH_SIZES = [100, 1000, 10000];
const log = (line) => process.stderr.write(`bench: ${line}\n`);
// The SDK's HTTP client leaves one listener per request on a long-lived AbortSignal (AbortSignal.any on
// Node 20), and Node warns on every request past 1,500: each kind of warning is said once, not thousands of times.
const warned = new Set();
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warned.has(warning.name)) return;
  warned.add(warning.name);
  log(`${warning.name}: ${warning.message} (said once; later ones of this kind are not shown)`);
});

const results = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  started_at: new Date().toISOString(),
  settings: { calls: CALLS, reps: REPS, warmup: WARMUP, hop_warmup: HOP_WARMUP, width: WIDTH, rounds: ROUNDS, search_calls: SEARCH_CALLS },
};
const failures = [];

/** Runs one case; a failure is recorded and reported, never thrown, so the rest still runs and cleans up. */
async function step(name, run) {
  try {
    results[name] = await run();
  } catch (error) {
    failures.push(`${name}: ${error.stack ?? error}`);
    results[name] = { error: String(error.message ?? error).split('\n')[0] };
    log(`${name} failed: ${error.stack ?? error}`);
  }
}

const outDir = await bundleEntries('bench', {
  'in-process': join(root, 'bench', 'search', 'in-process.ts'),
  'bulk-server': join(root, 'bench', 'search', 'bulk-server.ts'),
  'uv-env': join(root, 'bench', 'pmcp', 'uv-env.ts'),
});
const { uvEnv } = await import(pathToFileURL(join(outDir, 'uv-env.mjs')).href);
const pmcp = process.argv.includes('--no-pmcp') ? { ok: false, reason: 'skipped (--no-pmcp)' } : await ensurePmcp({ uvEnv, log });
if (!pmcp.ok) log(`PMCP is not measured: ${pmcp.reason}`);
results.pmcp = pmcp.ok ? { ok: true, version: pmcp.version, python: pmcp.python } : { ok: false, reason: pmcp.reason };
const registry = await startRegistryStub();
results.load_before = environment().load_average;

async function benchEcho(base) {
  await step('hop', () => benchHop({ base, pmcp, registry, calls: CALLS, reps: REPS, width: WIDTH, rounds: ROUNDS, warmup: HOP_WARMUP, log }));
  await step('start', () => benchStart({ base, pmcp, registry, reps: REPS, log }));
}

async function benchSearch(base) {
  await step('search', async () => {
    const { measureCatalogSearch, BENCH_QUERIES } = await import(pathToFileURL(join(outDir, 'in-process.mjs')).href);
    const inProcess = await measureCatalogSearch(SEARCH_SIZES, SEARCH_CALLS, WARMUP);
    const calls = Math.min(SEARCH_CALLS, 200);
    const endToEnd = await measureEndToEnd({ base, bulkServer: join(outDir, 'bulk-server.mjs'), queries: BENCH_QUERIES, calls, warmup: WARMUP, reps: REPS, pmcp, registry, log });
    return { queries: BENCH_QUERIES.length, in_process_calls: SEARCH_CALLS, end_to_end_calls: calls, in_process: inProcess, end_to_end: endToEnd };
  });
}

/** Writes latest.json and latest.md (a partial run, --only, writes latest-partial.* instead) and prints the table. */
async function finish() {
  await registry.close();
  results.pmcp_registry_stub_requests = registry.requests;
  results.load_after = environment().load_average;
  results.environment = environment();
  results.finished_at = new Date().toISOString();
  results.failures = failures;
  const table = markdown(results);
  const folder = join(root, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  const name = ONLY ? 'latest-partial' : 'latest';
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(folder, `${name}.md`), table);
  console.log(`\n${table}\nwritten: bench/results/${name}.json, bench/results/${name}.md`);
  if (failures.length) {
    console.log(`\n${failures.length} case(s) failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

/** Removes the temp folder; what cannot be removed is reported, never thrown: the figures are written anyway. */
function cleanUp(folder) {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (error) {
    log(`could not remove ${folder}: ${error.code ?? error.message}`);
  }
}

if (ONLY === 'replicas') process.exit((await import('node:child_process')).spawnSync(process.execPath, [join(root, 'scripts', 'replicas-proof.mjs'), ...process.argv.slice(2).filter((a) => a === '--quick')], { stdio: 'inherit' }).status ?? 1);
const base = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
try {
  if (!ONLY || ONLY === 'echo') await benchEcho(base);
  // The invoke hop alone (stdio and HTTP, direct, Gatehouse, PMCP), without the cold-start case.
  if (ONLY === 'hop') await step('hop', () => benchHop({ base, pmcp, registry, calls: CALLS, reps: REPS, width: WIDTH, rounds: ROUNDS, warmup: HOP_WARMUP, log }));
  if (!ONLY || ONLY === 'search') await benchSearch(base);
  if (!ONLY || ONLY === 'render') await (await import('./render/render-bench.mjs')).benchRender();
  if (!ONLY || ONLY === 'confinement') await step('confinement', () => benchConfinement({ base, launcher, everything, gone, calls: CALLS, warmup: WARMUP }));
} finally {
  // Children that just exited may leave files a moment later (the kernel closes their handles after the
  // exit is reported): retry instead of failing the whole run on ENOTEMPTY.
  cleanUp(base);
}
await finish();
