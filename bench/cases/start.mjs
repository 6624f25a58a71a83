// Cold start and memory with 20 lazy servers: the time from spawning the gateway to its first tools/list
// answer, its resident memory once idle, and with all 20 children running (connected one by one through
// gateway.connect_server). Gatehouse and PMCP alternate, each repetition from a fresh process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, rssMiB, sleep } from '../lib/measure.mjs';
import { connectStdio, everythingServer, gatehouseProject, gatehouseStdio, pmcpStdio, workspace } from '../lib/targets.mjs';

const SERVERS = 20;
const SETTLE_MS = 2000;

function servers(tag) {
  return Object.fromEntries(Array.from({ length: SERVERS }, (_, i) => [`s${String(i).padStart(2, '0')}`, everythingServer(`${tag}-${i}`)]));
}

async function once(spec) {
  const t0 = performance.now();
  const session = await connectStdio(spec);
  try {
    const { tools } = await session.client.listTools();
    const startMs = performance.now() - t0;
    await sleep(SETTLE_MS);
    const idle = rssMiB(session.pid);
    for (const name of Object.keys(servers('x'))) {
      const answer = await session.client.callTool({ name: 'gateway.connect_server', arguments: { server_name: name } });
      if (answer.isError) throw new Error(`connect ${name} failed: ${JSON.stringify(answer.content).slice(0, 300)}`);
    }
    await sleep(SETTLE_MS);
    return { start_ms: startMs, tools_listed: tools.length, rss_idle_mib: idle, rss_children_mib: rssMiB(session.pid) };
  } finally {
    await session.close();
  }
}

export async function benchStart({ base, pmcp, registry, reps, log }) {
  const gws = workspace(base, 'start-gatehouse');
  gatehouseProject(gws, servers('gatehouse-start'));
  const runs = [{ name: 'gatehouse', spec: gatehouseStdio(gws), samples: [] }];
  if (pmcp.ok) {
    const pws = workspace(base, 'start-pmcp');
    const config = join(pws.project, 'pmcp-config.json');
    writeFileSync(config, JSON.stringify({ mcpServers: servers('pmcp-start') }));
    runs.push({ name: 'pmcp', spec: pmcpStdio(pmcp, pws, config, registry.pmcpEnv), samples: [] });
  }
  // One unmeasured start each first: Python compiles its byte code, the OS caches the files.
  for (const run of runs) {
    try {
      await once(run.spec);
    } catch (error) {
      run.error = error.message.split('\n')[0];
      log(`start ${run.name}: not measured (${run.error})`);
    }
  }
  for (let rep = 0; rep < reps; rep++) {
    for (const run of rep % 2 ? [...runs].reverse() : runs) {
      if (run.error) continue;
      run.samples.push(await once(run.spec));
    }
    log(`start: repetition ${rep + 1} of ${reps} done`);
  }
  const results = {};
  for (const run of runs) {
    results[run.name] = run.error
      ? { error: run.error }
      : {
          start_ms: median(run.samples.map((s) => s.start_ms)),
          rss_idle_mib: median(run.samples.map((s) => s.rss_idle_mib)),
          rss_children_mib: median(run.samples.map((s) => s.rss_children_mib)),
          samples: run.samples,
        };
  }
  return results;
}
