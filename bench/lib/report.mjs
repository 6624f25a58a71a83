// The bench's record: bench/results/latest.json (every figure, the machine, the versions, the load) and
// the Markdown table the README shows, one row per figure of issue 15 with its goal and whether it held.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { root } from './targets.mjs';

const fixed = (value, digits = 2) => (typeof value === 'number' ? value.toFixed(digits) : '—');
const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null);
const times = (a, b) => {
  const r = ratio(a, b);
  return r === null ? '' : ` (${r.toFixed(1)}×)`;
};
/** ` (2.1× direct http / 9.8× direct stdio)`: one value against several yardsticks; those not measured are left out. */
const versus = (a, yardsticks) => {
  const parts = yardsticks.filter(([b]) => ratio(a, b) !== null).map(([b, name]) => `${ratio(a, b).toFixed(1)}× ${name}`);
  return parts.length ? ` (${parts.join(' / ')})` : '';
};
const kb = (bytes) => (typeof bytes === 'number' ? bytes.toLocaleString('en-US') : '—');
const signed = (value, digits) => (typeof value === 'number' && Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(digits)}` : '—');
const met = (ok) => (ok === null ? '—' : ok ? 'yes' : '**no**');

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export function environment() {
  const cpu = cpus();
  return {
    machine: { cpu: cpu[0]?.model ?? null, cores: cpu.length, memory_gib: Number((totalmem() / 2 ** 30).toFixed(1)), os: `${type()} ${release()}` },
    versions: {
      gatehouse: `${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version} (${git(['rev-parse', '--short', 'HEAD']) ?? 'unknown commit'}${git(['status', '--porcelain', '--untracked-files=no']) ? ', uncommitted changes' : ''})`,
      node: process.versions.node,
      sdk_client: packageVersion('@modelcontextprotocol/client'),
      sdk_server: packageVersion('@modelcontextprotocol/server'),
      server_everything: packageVersion('@modelcontextprotocol/server-everything'),
    },
    load_average: loadavg().map((n) => Number(n.toFixed(2))),
  };
}

/** The rows of the table, each with its goal and whether it held; `r` is the run's results. */
export function rows(r) {
  const hop = r.hop ?? {};
  const direct = hop.direct ?? {};
  const gs = hop['gatehouse stdio'] ?? {};
  const gh = hop['gatehouse http'] ?? {};
  const dh = hop['direct http'] ?? {};
  const pipe = hop['pipe relay'] ?? {};
  const sdk = hop['sdk relay'] ?? {};
  const ps = hop['pmcp stdio'] ?? {};
  const ph = hop['pmcp http'] ?? {};
  const start = r.start ?? {};
  const search = r.search ?? {};
  const confinement = r.confinement ?? {};
  const e2e = (name) => search.end_to_end?.[name]?.timings ?? [];
  const at = (list, tools) => list.find((t) => t.tools === tools);
  const g10k = at(e2e('gatehouse'), 10000);
  const g100 = at(e2e('gatehouse'), 100);
  const p10k = at(e2e('pmcp'), 10000);
  const inProcess10k = search.in_process?.find((t) => t.tools === 10000);
  const sizes = (list) => (list.length ? list.map((t) => fixed(t.p50)).join(' / ') : '—');
  const fullList = hop['gatehouse stdio']?.full_profile_tools_list_bytes;
  const out = [
    {
      what: 'echo p50 / p99 over stdio (ms)',
      direct: `${fixed(direct.p50_ms, 3)} / ${fixed(direct.p99_ms)}`,
      gatehouse: `${fixed(gs.p50_ms, 3)} / ${fixed(gs.p99_ms)}${ratio(gs.p50_ms, direct.p50_ms) === null ? '' : ` (${ratio(gs.p50_ms, direct.p50_ms).toFixed(1)}× / ${ratio(gs.p99_ms, direct.p99_ms).toFixed(1)}×)`}`,
      pmcp: `${fixed(ps.p50_ms)} / ${fixed(ps.p99_ms)}`,
      goal: 'p50 ≤ 1.3×, p99 ≤ 1.5× direct',
      met: ratio(gs.p50_ms, direct.p50_ms) === null ? null : ratio(gs.p50_ms, direct.p50_ms) <= 1.3 && ratio(gs.p99_ms, direct.p99_ms) <= 1.5,
    },
    {
      // What any process between client and server costs (pipe relay: bytes piped through, unread) and what a
      // gateway built on the SDK's server and client costs at least (sdk relay): the goal above is measured
      // against a direct call, which has neither hop.
      what: 'echo p50 / p99 over stdio through a floor (ms)',
      direct: `pipe relay ${fixed(pipe.p50_ms, 3)} / ${fixed(pipe.p99_ms)}; sdk relay ${fixed(sdk.p50_ms, 3)} / ${fixed(sdk.p99_ms)}`,
      gatehouse: `${fixed(gs.p50_ms, 3)} / ${fixed(gs.p99_ms)}${ratio(gs.p50_ms, pipe.p50_ms) === null ? '' : ` (${ratio(gs.p50_ms, pipe.p50_ms).toFixed(1)}× / ${ratio(gs.p99_ms, pipe.p99_ms).toFixed(1)}× pipe relay)`}`,
      pmcp: '—',
      goal: '—',
      met: null,
    },
    {
      what: 'gateway CPU per invoke (ms)',
      direct: `pipe relay ${fixed(pipe.cpu_ms_per_call, 3)}; sdk relay ${fixed(sdk.cpu_ms_per_call, 3)}`,
      gatehouse: fixed(gs.cpu_ms_per_call, 3),
      pmcp: fixed(ps.cpu_ms_per_call),
      goal: '≤ 0.15 ms',
      met: typeof gs.cpu_ms_per_call === 'number' ? gs.cpu_ms_per_call <= 0.15 : null,
    },
    {
      what: 'the first calls after start, cold: echo p50 / gateway CPU per invoke (ms)',
      direct: `${fixed(direct.cold?.p50, 3)} / —`,
      gatehouse: `${fixed(gs.cold?.p50, 3)} / ${fixed(gs.cold?.cpuMsPerCall, 3)}`,
      pmcp: `${fixed(ps.cold?.p50)} / ${fixed(ps.cold?.cpuMsPerCall)}`,
      goal: '—',
      met: null,
    },
    {
      // The goal is against direct stdio; the honest floor of an HTTP hop is the same server called
      // directly over its own streamable HTTP (the direct column), so both ratios are shown.
      what: 'echo p50 over HTTP (ms)',
      direct: `${fixed(dh.p50_ms)} (direct http)`,
      gatehouse: `${fixed(gh.p50_ms)}${versus(gh.p50_ms, [[dh.p50_ms, 'direct http'], [direct.p50_ms, 'direct stdio']])}`,
      pmcp: fixed(ph.p50_ms),
      goal: '≤ 3× direct stdio',
      met: ratio(gh.p50_ms, direct.p50_ms) === null ? null : ratio(gh.p50_ms, direct.p50_ms) <= 3,
    },
    { what: 'gateway CPU per invoke over HTTP (ms)', direct: '—', gatehouse: fixed(gh.cpu_ms_per_call, 3), pmcp: fixed(ph.cpu_ms_per_call), goal: '—', met: null },
    {
      what: '100 concurrent echoes over HTTP, wall per round (ms)',
      direct: `${fixed(dh.concurrent_round_ms, 1)} (direct http)`,
      gatehouse: `${fixed(gh.concurrent_round_ms, 1)}${times(gh.concurrent_round_ms, dh.concurrent_round_ms)}`,
      pmcp: fixed(ph.concurrent_round_ms, 0),
      goal: '—',
      met: null,
    },
    {
      what: '100 concurrent echoes, wall per round (ms)',
      direct: fixed(direct.concurrent_round_ms, 1),
      gatehouse: `${fixed(gs.concurrent_round_ms, 1)}${times(gs.concurrent_round_ms, direct.concurrent_round_ms)}`,
      pmcp: fixed(ps.concurrent_round_ms, 0),
      goal: '≤ 1.5× direct',
      met: ratio(gs.concurrent_round_ms, direct.concurrent_round_ms) === null ? null : ratio(gs.concurrent_round_ms, direct.concurrent_round_ms) <= 1.5,
    },
    {
      what: 'spawn → first tools/list, 20 lazy servers (ms)',
      direct: '—',
      gatehouse: fixed(start.gatehouse?.start_ms, 0),
      pmcp: fixed(start.pmcp?.start_ms, 0),
      goal: '≤ 300 ms',
      met: typeof start.gatehouse?.start_ms === 'number' ? start.gatehouse.start_ms <= 300 : null,
    },
    {
      what: 'gateway RSS idle / 20 children running (MiB)',
      direct: '—',
      gatehouse: `${fixed(start.gatehouse?.rss_idle_mib, 0)} / ${fixed(start.gatehouse?.rss_children_mib, 0)}`,
      pmcp: `${fixed(start.pmcp?.rss_idle_mib, 0)} / ${fixed(start.pmcp?.rss_children_mib, 0)}`,
      goal: '≤ 120 MiB with 20 children',
      met: typeof start.gatehouse?.rss_children_mib === 'number' ? start.gatehouse.rss_children_mib <= 120 : null,
    },
    {
      what: '`tools/list` (bytes)',
      direct: `${kb(direct.tools_list_bytes)} (${direct.tools_listed ?? '—'} tools)`,
      gatehouse: `${kb(gs.tools_list_bytes)} (core, ${gs.tools_listed ?? '—'} tools); full: ${kb(fullList?.bytes)} (${fullList?.tools ?? '—'} tools)`,
      pmcp: `${kb(ps.tools_list_bytes)} (${ps.tools_listed ?? '—'} tools)`,
      goal: 'default ≤ 6 KB',
      met: typeof gs.tools_list_bytes === 'number' ? gs.tools_list_bytes <= 6 * 1024 : null,
    },
    {
      what: 'search + describe + invoke messages (bytes)',
      direct: '—',
      gatehouse: kb(gs.exchange_bytes),
      pmcp: kb(ps.exchange_bytes),
      goal: 'smaller than PMCP',
      met: typeof gs.exchange_bytes === 'number' && typeof ps.exchange_bytes === 'number' ? gs.exchange_bytes < ps.exchange_bytes : null,
    },
    {
      what: 'catalog_search p50 end to end at 100 / 1,000 / 10,000 tools (ms)',
      direct: '—',
      gatehouse: `${sizes(e2e('gatehouse'))}${g10k && g100 ? ` (growth ${(g10k.p50 / g100.p50).toFixed(1)}×)` : ''}`,
      pmcp: sizes(e2e('pmcp')),
      goal: '≤ 3 ms at 10,000; growth ≤ 3×; ≤ PMCP at every size',
      met: g10k && g100 ? g10k.p50 <= 3 && g10k.p50 / g100.p50 <= 3 && e2e('pmcp').every((p) => (at(e2e('gatehouse'), p.tools)?.p50 ?? Infinity) <= p.p50) : null,
    },
    {
      what: 'catalog_search p99 in-process at 10,000 tools (ms)',
      direct: '—',
      gatehouse: fixed(inProcess10k?.p99, 3),
      pmcp: '—',
      goal: '≤ 1 ms',
      met: inProcess10k ? inProcess10k.p99 <= 1 : null,
    },
    // Confinement (bench/confinement/measure.mjs): the same server confined and unconfined, in turns.
    {
      what: 'start-up p50 confined / unconfined (ms)',
      direct: '—',
      gatehouse: confinement.startup ? `${fixed(confinement.startup.confined.p50, 0)} / ${fixed(confinement.startup.unconfined.p50, 0)} (${signed(confinement.startup.confined.p50 - confinement.startup.unconfined.p50, 0)} ms)` : '—',
      pmcp: '—',
      goal: 'within +50 ms',
      met: confinement.startup ? confinement.startup.confined.p50 - confinement.startup.unconfined.p50 <= 50 : null,
    },
    {
      what: 'echo p50 confined / unconfined (ms)',
      direct: '—',
      gatehouse: confinement.call ? `${fixed(confinement.call.confined.p50, 2)} / ${fixed(confinement.call.unconfined.p50, 2)} (${signed((confinement.call.confined.p50 / confinement.call.unconfined.p50 - 1) * 100, 1)}%)` : '—',
      pmcp: '—',
      goal: 'within 5%',
      met: confinement.call ? confinement.call.confined.p50 <= confinement.call.unconfined.p50 * 1.05 : null,
    },
  ];
  if (p10k === undefined && r.pmcp && !r.pmcp.ok) for (const row of out) if (row.pmcp === '—' || row.pmcp.startsWith('— /')) row.pmcp = 'n/a';
  return out;
}

export function markdown(r) {
  const lines = [
    '| what | direct | Gatehouse | PMCP 3.0.0 | goal | met |',
    '|---|---|---|---|---|---|',
    ...rows(r).map((row) => `| ${row.what} | ${row.direct} | ${row.gatehouse} | ${row.pmcp} | ${row.goal} | ${met(row.met)} |`),
  ];
  const env = r.environment;
  lines.push(
    '',
    `${env.machine.cores} × ${env.machine.cpu}, ${env.machine.memory_gib} GiB, ${env.machine.os}; Node ${env.versions.node}, Gatehouse ${env.versions.gatehouse}, ` +
      `SDK ${env.versions.sdk_client}, server-everything ${env.versions.server_everything}, PMCP ${r.pmcp?.ok ? `${r.pmcp.version} (Python ${r.pmcp.python ?? '?'})` : `not run: ${r.pmcp?.reason ?? 'skipped'}`}. ` +
      `Load average ${r.load_before.join(' ')} before, ${r.load_after.join(' ')} after. ${r.settings.reps} interleaved repetitions, medians; ` +
      `${r.settings.calls} sequential calls per block, ${r.settings.rounds} rounds of ${r.settings.width} concurrent calls${r.settings.hop_warmup ? `, after ${r.settings.hop_warmup} warm-up calls per target and 1,000 more before each block` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}
