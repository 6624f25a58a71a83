#!/usr/bin/env node
// catalog_search in-process only, the way bench/run.mjs measures it (same entry, same sizes, same
// settings), without the end-to-end gateways or PMCP: for profiling and before/after figures of the search
// itself. Prints the timings as JSON with the load average before and after.
// Usage: node bench/search/run-in-process.mjs [--search-calls 500] [--warmup 20] [--sizes 100,1000,10000]
// (add node flags such as --cpu-prof or --trace-gc before the script name).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../lib/targets.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(flag('--search-calls', 500));
const WARMUP = Number(flag('--warmup', 20));
const SIZES = String(flag('--sizes', '100,1000,10000')).split(',').map(Number);

// Its own output folder, so a full bench run building out/bench at the same time is not disturbed.
const outDir = join(root, 'out', 'bench-search');
const { build } = await import('vite');
await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { input: { 'in-process': join(root, 'bench', 'search', 'in-process.ts') }, output: { format: 'es', entryFileNames: '[name].mjs' } },
  },
  ssr: { external: true },
});
const { measureCatalogSearch } = await import(pathToFileURL(join(outDir, 'in-process.mjs')).href);
const load_before = loadavg();
const timings = await measureCatalogSearch(SIZES, CALLS, WARMUP);
const round = (n) => Math.round(n * 1000) / 1000;
console.log(JSON.stringify({ calls: CALLS, warmup: WARMUP, load_before: load_before.map(round), load_after: loadavg().map(round), timings: timings.map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v)]))) }));
