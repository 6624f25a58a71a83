// catalog_search end to end: a real SDK client -> a gateway over stdio -> the bulk servers (real child
// processes serving synthetic tools), for Gatehouse and, in the same run, PMCP. The catalog grows 100 ->
// 1,000 -> 10,000 tools by connecting more servers to the same gateways, so each size is measured on warm
// gateways; at each size the gateways take turns in blocks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, timeBlock } from '../lib/measure.mjs';
import { connectStdio, gatehouseProject, gatehouseStdio, pmcpStdio, workspace } from '../lib/targets.mjs';

// 100 + 900 + 9 × 1,000: each server stays within max_tools_per_server (raised to 1,000 by the bench policy).
const SERVERS = [100, 900, ...Array.from({ length: 9 }, () => 1000)];
const STEPS = [
  { tools: 100, servers: 1 },
  { tools: 1000, servers: 2 },
  { tools: 10000, servers: 11 },
];
const POLICY = 'limits:\n  max_tools_per_server: 1000\n';

function bulkServers(bulkServer, tag) {
  // The unique argument keeps PMCP's reaper off the other gateway's children (see lib/targets.mjs).
  return Object.fromEntries(
    SERVERS.map((tools, i) => [`bulk${i}`, { command: process.execPath, args: [bulkServer, `--bench-${tag}-${i}`], env: { BULK_SERVER: String(i), BULK_TOOLS: String(tools) } }]),
  );
}

async function openGatehouse(base, bulkServer) {
  const ws = workspace(base, 'search-gatehouse');
  const policy = join(ws.project, 'policy.yaml');
  writeFileSync(policy, POLICY);
  // The registry is refused before any request (a loopback URL without the loopback opt-in), so the
  // figures are the gateway's own work and no search leaves the machine.
  // No background listing of the lazy servers either: the catalog grows only as the bench connects them,
  // as PMCP's does.
  const env = { GATEHOUSE_POLICY: policy, GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', GATEHOUSE_CATALOG_INDEX: 'off' };
  gatehouseProject(ws, bulkServers(bulkServer, 'gatehouse-search'), env);
  return connectStdio(gatehouseStdio(ws, env));
}

async function openPmcp(base, bulkServer, pmcp, registry) {
  const ws = workspace(base, 'search-pmcp');
  const policy = join(ws.project, 'policy.yaml');
  writeFileSync(policy, POLICY);
  const config = join(ws.project, 'pmcp-config.json');
  writeFileSync(config, JSON.stringify({ mcpServers: bulkServers(bulkServer, 'pmcp-search') }));
  const spec = pmcpStdio(pmcp, ws, config, registry.pmcpEnv);
  return connectStdio({ ...spec, args: [...spec.args, '--policy', policy] });
}

/** Returns { gatehouse: [{ tools, p50, p99 }], pmcp: [...] | { error } } for each catalog size. */
export async function measureEndToEnd({ base, bulkServer, queries, calls, warmup, reps, pmcp, registry, log }) {
  const gateways = [{ name: 'gatehouse', open: () => openGatehouse(base, bulkServer) }];
  if (pmcp?.ok) gateways.push({ name: 'pmcp', open: () => openPmcp(base, bulkServer, pmcp, registry) });
  for (const gateway of gateways) {
    try {
      gateway.session = await gateway.open();
      gateway.connected = 0;
      gateway.timings = [];
      gateway.search = (i) => gateway.session.client.callTool({ name: 'gateway.catalog_search', arguments: { query: queries[i % queries.length] } });
    } catch (error) {
      gateway.error = error.message.split('\n')[0];
      log(`search ${gateway.name}: not measured (${gateway.error})`);
    }
  }
  const live = () => gateways.filter((g) => !g.error);
  try {
    for (const step of STEPS) {
      for (const gateway of live()) {
        try {
          for (; gateway.connected < step.servers; gateway.connected++) {
            const answer = await gateway.session.client.callTool({ name: 'gateway.connect_server', arguments: { server_name: `bulk${gateway.connected}` } });
            if (answer.isError) throw new Error(`connect bulk${gateway.connected} failed: ${JSON.stringify(answer.content).slice(0, 300)}`);
          }
          const check = JSON.parse((await gateway.search(0)).content[0].text);
          if (check.total_available !== step.tools) throw new Error(`expected ${step.tools} tools, ${gateway.name} has ${check.total_available}`);
          for (let i = 0; i < warmup; i++) await gateway.search(i);
        } catch (error) {
          gateway.error = error.message.split('\n')[0];
          log(`search ${gateway.name}: stopped at ${step.tools} tools (${gateway.error})`);
        }
      }
      const blocks = new Map(live().map((g) => [g.name, []]));
      for (let rep = 0; rep < reps; rep++) {
        const order = rep % 2 ? [...live()].reverse() : live();
        for (const gateway of order) blocks.get(gateway.name).push(await timeBlock(gateway.search, calls, gateway.session.pid));
      }
      for (const gateway of live()) {
        const own = blocks.get(gateway.name);
        gateway.timings.push({ tools: step.tools, p50: median(own.map((b) => b.p50)), p99: median(own.map((b) => b.p99)), cpuMsPerCall: median(own.map((b) => b.cpuMsPerCall)) });
      }
      log(`search: ${step.tools} tools done`);
    }
  } finally {
    for (const gateway of gateways) await gateway.session?.close();
  }
  return Object.fromEntries(gateways.map((g) => [g.name, g.timings?.length ? { timings: g.timings, ...(g.error ? { error: g.error } : {}) } : { error: g.error }]));
}
