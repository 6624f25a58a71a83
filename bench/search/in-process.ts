// catalog_search in-process: the real meta-tool's run() over 100 / 1,000 / 10,000 tools, held by servers
// of 100 tools each (the default max_tools_per_server), with the real policy and guidance. No child
// process and no transport, so the figures are the search itself plus the card shaping around it.
// Built by bench/run.mjs into out/bench and imported from there; bench/search/run-in-process.mjs runs it
// alone.
import { PerformanceObserver } from 'node:perf_hooks';
import type { Tool } from '@modelcontextprotocol/client';
import { CatalogIndex } from '../../src/main/gateway/catalog';
import { loadGuidance } from '../../src/main/gateway/guidance';
import type { CallContext, GatewayContext } from '../../src/main/gateway/meta-tool';
import { catalogSearch } from '../../src/main/gateway/tools/catalog-search';
import { loadPolicy } from '../../src/main/policy';
import type { Supervisor } from '../../src/main/supervisor/supervisor';
import { BENCH_QUERIES, syntheticTools } from './synthetic-catalog';

export interface Timing {
  tools: number;
  /** The first search after the catalog appeared: it builds the index. */
  firstMs: number;
  /** The slowest of the settling calls after it (see SETTLE_PASSES): what the first searches after a build may pay. */
  settleMaxMs: number;
  /** Measured calls (BLOCKS × calls), over which the percentiles are taken. */
  samples: number;
  /** Garbage collections during this size's measured calls, and the longest. */
  gcCount: number;
  gcMaxMs: number;
  p50: number;
  p99: number;
  /** The same calls in CPU time (process.cpuUsage): what is left when the shared machine's scheduler is not. */
  cpuP50: number;
  cpuP99: number;
  /** The index's own search (CatalogIndex.search) on the same catalog: no cards, hints or JSON around it. */
  indexP50: number;
  indexP99: number;
}

interface FakeHandle {
  name: string;
  status: 'online';
  tools: readonly Tool[];
  definition: { untrusted?: undefined };
}

const TOOLS_PER_SERVER = 100;

function context(toolCount: number): GatewayContext {
  const handles: FakeHandle[] = [];
  for (let s = 0; s * TOOLS_PER_SERVER < toolCount; s++) {
    handles.push({ name: `server-${String(s).padStart(3, '0')}`, status: 'online', tools: syntheticTools(s, Math.min(TOOLS_PER_SERVER, toolCount - s * TOOLS_PER_SERVER)), definition: {} });
  }
  // catalog_search reads only these from the supervisor (nothing is being indexed); a real one would need children.
  const supervisor = {
    all: () => handles,
    get: (name: string) => handles.find((h) => h.name === name),
    descriptions: null,
    indexing: () => [],
    settleIndexing: async () => undefined,
  } as unknown as Supervisor;
  const home = '/nonexistent-gatehouse-bench-home';
  const policy = loadPolicy({ env: {}, homeDir: home, projectRoot: null });
  const guidance = loadGuidance({ env: {}, homeDir: home });
  return {
    supervisor,
    transport: 'in-process',
    session: { sessionId: 'bench', operator: true },
    revision: () => ({ id: 'bench', refreshedAt: new Date(0).toISOString() }),
    configIssues: () => [],
    redact: (value) => value,
    auditEvents: () => [],
    guidance: () => guidance,
    policy: () => policy,
    reload: async () => {
      throw new Error('not part of the bench');
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Passes over the query list before measuring. A size's first search builds its index (firstMs) and
 * leaves that build's garbage in the young generation and its code cold: a warm-up of one pass (20
 * calls) let the promotion of a fresh 10,000-tool index and the JIT's tier-up land in the measured
 * calls. These calls let both settle; the slowest of them is kept (settleMaxMs) so first-touch cost stays
 * in the figures instead of disappearing.
 */
const SETTLE_PASSES = 10;
/**
 * Measured blocks per size, the sizes taking turns, so a burst of load on the shared machine lands on
 * every size alike. Percentiles are over all blocks' samples: a p99 over 5 × 500 samples, not the fifth
 * slowest of 500.
 */
const BLOCKS = 5;

interface Size {
  tools: number;
  gateway: GatewayContext;
  index: CatalogIndex;
  firstMs: number;
  settleMaxMs: number;
  // Preallocated, so the harness allocates next to nothing per sample (its garbage would be collected
  // during the calls it measures; process.cpuUsage's two small objects remain).
  wall: Float64Array;
  cpu: Float64Array;
  own: Float64Array;
  taken: number;
  /** performance.now() at the start and end of each of this size's measured blocks. */
  windows: number[];
}

export async function measureCatalogSearch(sizes: number[], calls: number, warmup: number): Promise<Timing[]> {
  const call: CallContext = { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined };
  const query = (i: number) => BENCH_QUERIES[i % BENCH_QUERIES.length] as string;
  const search = (size: Size, i: number) => catalogSearch.run(catalogSearch.input.parse({ query: query(i) }), size.gateway, call);
  const prepared: Size[] = [];
  for (const tools of sizes) {
    const gateway = context(tools);
    const size: Size = { tools, gateway, index: new CatalogIndex(), firstMs: 0, settleMaxMs: 0, wall: new Float64Array(BLOCKS * calls), cpu: new Float64Array(BLOCKS * calls), own: new Float64Array(BLOCKS * calls), taken: 0, windows: [] };
    const t0 = performance.now();
    await search(size, 0);
    size.firstMs = performance.now() - t0;
    // The index's own search (no cards, hints or JSON) on the same catalog, in an index of its own.
    size.index.update(gateway.supervisor.all().map((h) => ({ server: h.name, tools: h.tools, availability: 'online' as const })), gateway.policy());
    prepared.push(size);
  }
  const settle = Math.max(warmup, SETTLE_PASSES * BENCH_QUERIES.length);
  for (const size of prepared) {
    for (let i = 0; i < settle; i++) {
      const start = performance.now();
      await search(size, i);
      size.settleMaxMs = Math.max(size.settleMaxMs, performance.now() - start);
      size.index.search(query(i), {}, 20);
    }
  }
  // The collections during the measured calls, attributed to the size whose block they fell in: what a tail is made of.
  const collections: { at: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push({ at: entry.startTime, ms: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  for (let block = 0; block < BLOCKS; block++) {
    for (const size of prepared) {
      size.windows.push(performance.now());
      for (let i = 0; i < calls; i++) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        await search(size, i);
        size.wall[size.taken] = performance.now() - start;
        const used = process.cpuUsage(cpuStart);
        size.cpu[size.taken] = (used.user + used.system) / 1000;
        const own = performance.now();
        size.index.search(query(i), {}, 20);
        size.own[size.taken] = performance.now() - own;
        size.taken++;
      }
      size.windows.push(performance.now());
    }
  }
  // The observer hears of a collection in a later task.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return prepared.map(({ tools, firstMs, settleMaxMs, wall, cpu, own, windows }) => {
    for (const list of [wall, cpu, own]) list.sort();
    const during = collections.filter(({ at }) => windows.some((w, i) => i % 2 === 0 && at >= w && at < (windows[i + 1] as number)));
    return {
      tools,
      firstMs,
      settleMaxMs,
      samples: wall.length,
      gcCount: during.length,
      gcMaxMs: during.reduce((max, { ms }) => Math.max(max, ms), 0),
      p50: percentile(wall, 50),
      p99: percentile(wall, 99),
      cpuP50: percentile(cpu, 50),
      cpuP99: percentile(cpu, 99),
      indexP50: percentile(own, 50),
      indexP99: percentile(own, 99),
    };
  });
}

export { BENCH_QUERIES };
