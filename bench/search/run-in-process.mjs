#!/usr/bin/env node
// catalog_search in-process only, as bench/run.mjs measures it (the same entry, sizes and settings) but
// without the end-to-end gateways or PMCP: for profiling and before/after figures of the search itself.
// Prints the timings as JSON with the load average before and after.
// Usage: node [--cpu-prof|--trace-gc] bench/search/run-in-process.mjs [--search-calls 500] [--warmup 20] [--sizes 100,1000,10000]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleEntries } from '../lib/bundle.mjs';
import { root } from '../lib/targets.mjs';

const { values } = parseArgs({ options: { 'search-calls': { type: 'string', default: '500' }, warmup: { type: 'string', default: '20' }, sizes: { type: 'string', default: '100,1000,10000' } } });
// Its own output folder, so a full bench run building out/bench at the same time is not disturbed.
const outDir = await bundleEntries('bench-search', { 'in-process': join(root, 'bench', 'search', 'in-process.ts') });
const { measureCatalogSearch } = await import(pathToFileURL(join(outDir, 'in-process.mjs')).href);
const round = (n) => Math.round(n * 1000) / 1000;
const load_before = loadavg().map(round);
const timings = await measureCatalogSearch(values.sizes.split(',').map(Number), Number(values['search-calls']), Number(values.warmup));
const rounded = timings.map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v)])));
console.log(JSON.stringify({ calls: Number(values['search-calls']), warmup: Number(values.warmup), load_before, load_after: loadavg().map(round), timings: rounded }));
