// The invoke hop: server-everything's echo called directly (over stdio, and over HTTP in its own
// streamable HTTP mode), through Gatehouse and through PMCP, over stdio and HTTP, in interleaved blocks
// (each repetition runs every target once, in a rotated order, so a burst of load on the shared machine
// lands on all of them). Per block: p50 and p99 latency, and the gateway process's CPU per call. Then
// rounds of 100 concurrent calls. Then, on the warm gateways, the context figures: tools/list bytes and
// the search -> describe -> invoke exchange.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, timeBlock, timeConcurrent } from '../lib/measure.mjs';
import { connectStdio, everythingHttp, everythingServer, gatehouseHttp, gatehouseProject, gatehouseStdio, pmcpHttp, pmcpStdio, workspace } from '../lib/targets.mjs';

const echo = { message: 'hi' };
/** Unmeasured calls of a target right before each of its measurements (see benchHop). */
const REWARM = 1000;
const sdkRelay = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'sdk-relay.mjs');
const pipeRelay = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'pipe-relay.mjs');

function pmcpConfig(ws, tag) {
  const path = join(ws.project, 'pmcp-config.json');
  writeFileSync(path, JSON.stringify({ mcpServers: { everything: everythingServer(tag) } }));
  return path;
}

async function openTargets({ base, pmcp, registry, log }) {
  const targets = [];
  const add = async (name, kind, open) => {
    try {
      const session = await open();
      const call =
        kind === 'direct' || kind === 'relay'
          ? () => session.client.callTool({ name: 'echo', arguments: echo })
          : () => session.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: echo } });
      const first = await call();
      const text = JSON.stringify(first.content);
      if (first.isError || !text.includes('Echo: hi')) throw new Error(`the echo call failed: ${text.slice(0, 300)}`);
      targets.push({ name, kind, ...session, call });
    } catch (error) {
      log(`${name}: not measured (${error.message.split('\n')[0]})`);
      targets.push({ name, kind, error: error.message.split('\n')[0] });
    }
  };
  await add('direct', 'direct', () => connectStdio(everythingServer('direct')));
  // The HTTP floor: the same server in its own streamable HTTP mode, the same SDK client, no gateway.
  await add('direct http', 'direct', () => everythingHttp('direct-http'));
  // The floor of any process in between: the bytes piped through, unread (lib/pipe-relay.mjs).
  const piped = everythingServer('pipe-relay');
  await add('pipe relay', 'relay', () => connectStdio({ command: process.execPath, args: [pipeRelay, piped.command, ...piped.args] }));
  // The floor of an SDK gateway: the SDK's server and client relaying the call, nothing else (lib/sdk-relay.mjs).
  const relayed = everythingServer('sdk-relay');
  await add('sdk relay', 'relay', () => connectStdio({ command: process.execPath, args: [sdkRelay, relayed.command, ...relayed.args] }));
  const gs = workspace(base, 'hop-gatehouse-stdio');
  gatehouseProject(gs, { everything: everythingServer('gatehouse-stdio') });
  await add('gatehouse stdio', 'gatehouse', () => connectStdio(gatehouseStdio(gs)));
  const gatehouse = targets.at(-1);
  if (!gatehouse.error) gatehouse.fullList = () => fullProfileList(gs);
  const gh = workspace(base, 'hop-gatehouse-http');
  gatehouseProject(gh, { everything: everythingServer('gatehouse-http') });
  await add('gatehouse http', 'gatehouse', () => gatehouseHttp(gh));
  if (pmcp.ok) {
    const ps = workspace(base, 'hop-pmcp-stdio');
    await add('pmcp stdio', 'pmcp', () => connectStdio(pmcpStdio(pmcp, ps, pmcpConfig(ps, 'pmcp-stdio'), registry.pmcpEnv)));
    const ph = workspace(base, 'hop-pmcp-http');
    await add('pmcp http', 'pmcp', () => pmcpHttp(pmcp, ph, pmcpConfig(ph, 'pmcp-http'), registry.pmcpEnv));
  }
  return targets;
}

/** tools/list under the full profile (all 26 meta-tools), from a second gateway on the same project. */
async function fullProfileList(ws) {
  const session = await connectStdio(gatehouseStdio(ws, { GATEHOUSE_TOOLS_PROFILE: 'full' }));
  try {
    const { tools } = await session.client.listTools();
    return { bytes: Buffer.byteLength(JSON.stringify(tools)), tools: tools.length };
  } finally {
    await session.close();
  }
}

/** Bytes of what a client sends and receives for one tools/call (params out, result back). */
function exchangeBytes(params, result) {
  return Buffer.byteLength(JSON.stringify(params)) + Buffer.byteLength(JSON.stringify(result));
}

async function contextFigures(target) {
  const { tools } = await target.client.listTools();
  const out = { tools_list_bytes: Buffer.byteLength(JSON.stringify(tools)), tools_listed: tools.length };
  if (target.kind === 'direct' || target.kind === 'relay') return out;
  const steps = [
    { name: 'gateway.catalog_search', arguments: { query: 'echo' } },
    { name: 'gateway.describe', arguments: { tool_id: 'everything::echo' } },
    { name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: echo } },
  ];
  let bytes = 0;
  const answers = [];
  for (const params of steps) {
    const result = await target.client.callTool(params);
    bytes += exchangeBytes(params, result);
    answers.push(result.isError ? 'error' : 'ok');
  }
  const search = await target.client.callTool(steps[0]);
  const found = JSON.stringify(search.content).includes('everything::echo');
  return { ...out, exchange_bytes: bytes, exchange_answers: answers, search_found_echo: found };
}

export async function benchHop({ base, pmcp, registry, calls, reps, width, rounds, warmup, log }) {
  const targets = await openTargets({ base, pmcp, registry, log });
  const live = targets.filter((t) => !t.error);
  try {
    // The first block of each target is its cold start (kept as its own figure), then the warm-up: V8
    // optimises a long path only after some thousands of runs, so the blocks below measure a warm process,
    // as a long-running gateway (the desktop app, `serve --transport http`, attached stdio clients) is.
    const cold = new Map();
    for (const target of live) {
      cold.set(target.name, await timeBlock(target.call, calls, target.kind === 'direct' ? null : target.pid));
      for (let i = 0; i < warmup; i++) await target.call(i);
    }
    const blocks = new Map(live.map((t) => [t.name, []]));
    const concurrent = new Map(live.map((t) => [t.name, []]));
    for (let rep = 0; rep < reps; rep++) {
      const order = live.map((_, i) => live[(i + rep) % live.length]);
      // Each measurement follows unmeasured calls of its own target: a Node process idle for the seconds
      // another target's blocks take (PMCP's are ~7 s) loses part of its optimised state to V8's memory
      // reducer, and would be measured re-warming (bench/profile/ab.mjs --idle shows it; --no-memory-reducer
      // mostly removes it). The cold row keeps what a process pays before it is warm.
      const rewarm = async (target) => {
        for (let i = 0; i < REWARM; i++) await target.call(i);
      };
      for (const target of order) {
        await rewarm(target);
        blocks.get(target.name).push(await timeBlock(target.call, calls, target.kind === 'direct' ? null : target.pid));
      }
      for (const target of order) {
        await rewarm(target);
        concurrent.get(target.name).push(await timeConcurrent(target.call, width, rounds));
      }
      log(`hop: repetition ${rep + 1} of ${reps} done`);
    }
    const results = {};
    for (const target of targets) {
      if (target.error) {
        results[target.name] = { error: target.error };
        continue;
      }
      const own = blocks.get(target.name);
      results[target.name] = {
        p50_ms: median(own.map((b) => b.p50)),
        p99_ms: median(own.map((b) => b.p99)),
        cpu_ms_per_call: median(own.map((b) => b.cpuMsPerCall)),
        cold: cold.get(target.name),
        concurrent_round_ms: median(concurrent.get(target.name)),
        blocks: own,
        ...(await contextFigures(target)),
        ...(target.fullList ? { full_profile_tools_list_bytes: await target.fullList() } : {}),
      };
    }
    return results;
  } finally {
    for (const target of live) await target.close();
  }
}
