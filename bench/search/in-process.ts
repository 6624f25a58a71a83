// catalog_search in-process: the real meta-tool's run() over 100 / 1,000 / 10,000 tools, held by servers
// of 100 tools each (the default max_tools_per_server), with the real policy and guidance. No child
// process and no transport, so the figures are the search itself plus the card shaping around it.
// Built by bench/run.mjs into out/bench and imported from there.
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function measureCatalogSearch(sizes: number[], calls: number, warmup: number): Promise<Timing[]> {
  const call: CallContext = { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined };
  const timings: Timing[] = [];
  for (const tools of sizes) {
    const gateway = context(tools);
    const search = (i: number) => catalogSearch.run(catalogSearch.input.parse({ query: BENCH_QUERIES[i % BENCH_QUERIES.length] }), gateway, call);
    const t0 = performance.now();
    await search(0);
    const firstMs = performance.now() - t0;
    for (let i = 0; i < warmup; i++) await search(i);
    const samples: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < calls; i++) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      await search(i);
      samples.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    samples.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const index = new CatalogIndex();
    const handles = gateway.supervisor.all();
    index.update(handles.map((h) => ({ server: h.name, tools: h.tools, availability: 'online' as const })), gateway.policy());
    for (let i = 0; i < warmup; i++) index.search(BENCH_QUERIES[i % BENCH_QUERIES.length] as string, {}, 20);
    const own: number[] = [];
    for (let i = 0; i < calls; i++) {
      const start = performance.now();
      index.search(BENCH_QUERIES[i % BENCH_QUERIES.length] as string, {}, 20);
      own.push(performance.now() - start);
    }
    own.sort((a, b) => a - b);
    timings.push({
      tools,
      firstMs,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      cpuP50: percentile(cpu, 50),
      cpuP99: percentile(cpu, 99),
      indexP50: percentile(own, 50),
      indexP99: percentile(own, 99),
    });
  }
  return timings;
}

export { BENCH_QUERIES };
