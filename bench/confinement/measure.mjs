// What confinement costs: the same server (server-everything over stdio) behind one `gatehouse serve`,
// once confined (the default) and once with confinement turned off in the operator's own file. Start-up
// is gateway.connect_server after a disconnect (spawn, bubblewrap's namespaces and mounts, the MCP
// handshake, the tool list); a call is gateway.invoke of echo. The two are measured in turns, so a noisy
// moment on this shared machine lands on both. The goal (issue 16): call p50 within 5% of unconfined,
// start-up within +50 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), min: sorted[0] };
};

export async function benchConfinement({ base, launcher, everything, gone, calls, warmup, starts = 15 }) {
  const home = join(base, 'confinement-home');
  mkdirSync(home, { recursive: true });
  const server = { command: process.execPath, args: [everything, 'stdio'] };
  // The operator's own file: only there may an entry turn confinement off.
  writeFileSync(join(home, '.mcp.json'), JSON.stringify({ mcpServers: { confined: server, unconfined: { ...server, gatehouse: { confinement: { enabled: false } } } } }));
  const env = { PATH: process.env.PATH ?? '', HOME: home, GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', GATEHOUSE_CATALOG_INDEX: 'off' };
  const client = new Client({ name: 'bench-confinement', version: '1' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [launcher, 'serve', '--transport', 'stdio', '--standalone'], env, stderr: 'ignore', cwd: home });
  await client.connect(transport);
  const pid = transport.pid;
  const meta = async (name, args) => {
    const answer = await client.callTool({ name, arguments: args });
    if (answer.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(answer.content)}`);
    return answer;
  };
  const modes = ['confined', 'unconfined'];
  const startup = { confined: [], unconfined: [] };
  const call = { confined: [], unconfined: [] };
  try {
    for (let i = 0; i < starts; i++) {
      for (const mode of modes) {
        await meta('gateway.disconnect_server', { server_name: mode });
        const t0 = performance.now();
        await meta('gateway.connect_server', { server_name: mode });
        startup[mode].push(performance.now() - t0);
      }
    }
    const invoke = (mode) => meta('gateway.invoke', { tool_id: `${mode}::echo`, arguments: { message: 'hi' } });
    for (let i = 0; i < warmup; i++) for (const mode of modes) await invoke(mode);
    for (let i = 0; i < calls; i++) {
      for (const mode of i % 2 ? [...modes].reverse() : modes) {
        const t0 = performance.now();
        await invoke(mode);
        call[mode].push(performance.now() - t0);
      }
    }
    const health = JSON.parse((await meta('gateway.health', {})).content[0].text);
    const states = Object.fromEntries(health.servers.map((s) => [s.name, s.confinement?.state]));
    if (states.confined !== 'confined' || states.unconfined !== 'unconfined') throw new Error(`unexpected confinement states: ${JSON.stringify(states)}`);
  } finally {
    await client.close();
    await gone(pid);
  }
  const s = { confined: summary(startup.confined), unconfined: summary(startup.unconfined) };
  const c = { confined: summary(call.confined), unconfined: summary(call.unconfined) };
  console.log(`\nconfinement (bubblewrap) vs unconfined, server-everything behind gatehouse serve (stdio): ${starts} starts and ${calls} calls each, in turns\n`);
  console.log(['mode'.padEnd(12), 'start p50 ms', 'start min', 'call p50 ms', 'call p99 ms'].join('  '));
  for (const mode of modes) {
    console.log([mode.padEnd(12), s[mode].p50.toFixed(1).padStart(12), s[mode].min.toFixed(1).padStart(9), c[mode].p50.toFixed(2).padStart(11), c[mode].p99.toFixed(2).padStart(11)].join('  '));
  }
  const startDelta = s.confined.p50 - s.unconfined.p50;
  const callDelta = (c.confined.p50 / c.unconfined.p50 - 1) * 100;
  console.log(`start-up: ${startDelta >= 0 ? '+' : ''}${startDelta.toFixed(1)} ms confined (goal: within +50 ms); call p50: ${callDelta >= 0 ? '+' : ''}${callDelta.toFixed(1)}% (goal: within 5%)`);
  return { startup: s, call: c };
}
