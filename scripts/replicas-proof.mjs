#!/usr/bin/env node
// The loopback proof of issue 19: Debian's nginx (deploy/nginx/gatehouse.conf) in front of 3 real
// `gatehouse serve --transport http` replicas, each with its own ledger child. Official SDK clients in
// both protocol eras call a tool and run tasks through the balancer while one replica (the one holding most 2025-11-25 sessions) is killed (SIGKILL)
// and restarted. Then it checks, from the ledger the children wrote:
//   - every call a client saw complete ran exactly once (none lost, none duplicated), and no call ran twice
//   - 2025-11-25 sessions on the killed replica got 404 and initialized again; stateless clients went on
//   - tasks on live replicas were found through the balancer, their results from the replica that made them
//   - /metrics answers from each replica
// and measures throughput through the balancer with 1, 2 and 3 replicas.
// Usage: node scripts/replicas-proof.mjs [--quick] [--seconds N] [--json FILE]   (npm run bench -- --only replicas)
// Exit 0 when every check holds, 1 when one fails, 2 when it could not run (nginx missing).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNginx, startCluster } from './replicas-proof/cluster.mjs';
import { caller, tasker, throughput } from './replicas-proof/load.mjs';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const QUICK = process.argv.includes('--quick');
const SECONDS = Number(flag('--seconds', QUICK ? 12 : 30));
const TP_SECONDS = QUICK ? 3 : 8;
const JSON_OUT = flag('--json', null);
const THROUGHPUT = !process.argv.includes('--no-throughput');
/** A stateless call started this long after the kill cannot have been in flight on the killed replica. */
const KILL_GRACE_MS = 1000;
const log = (line) => process.stderr.write(`replicas-proof: ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function ledgerCounts(file) {
  const counts = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [id, replica] = line.split(' ');
    if (!id) continue;
    const entry = counts.get(id) ?? { count: 0, replicas: [] };
    entry.count += 1;
    entry.replicas.push(replica);
    counts.set(id, entry);
  }
  return counts;
}

async function metricsOf(url) {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  const sum = (name) => text.split('\n').filter((l) => l.startsWith(name)).reduce((total, l) => total + Number(l.split(' ').pop()), 0);
  return {
    status: res.status,
    replica: /gatehouse_replica_info\{replica="([^"]+)"\}/.exec(text)?.[1] ?? null,
    toolCalls: sum('gatehouse_tool_calls_total{'),
    sessions: sum('gatehouse_http_sessions '),
    requests: sum('gatehouse_http_requests_total{'),
  };
}

async function chaos(cluster) {
  const stats = { completed: [], failed: [], refused: [], crossed: [], reinitialised: [], sessions: [], tasks: [], current: new Map() };
  const startedAt = Date.now();
  const end = startedAt + SECONDS * 1000;
  const until = () => end;
  const workers = [];
  for (let i = 0; i < 3; i++) workers.push(caller({ url: cluster.frontUrl, era: 'legacy', label: `legacy${i}`, until, stats }));
  for (let i = 0; i < 3; i++) workers.push(caller({ url: cluster.frontUrl, era: 'stateless', label: `stateless${i}`, until, stats }));
  workers.push(tasker({ url: cluster.frontUrl, era: 'legacy', label: 'legacy-tasks', until, stats }));
  for (let i = 0; i < 2; i++) workers.push(tasker({ url: cluster.frontUrl, era: 'stateless', label: `stateless-tasks${i}`, until, stats }));

  const timeline = {};
  const events = (async () => {
    await sleep(SECONDS * 350);
    // The victim is the replica holding most legacy sessions right now, so the kill always takes some.
    timeline.victim = victimOf(stats.current);
    timeline.sessionsAtKill = [...stats.current.values()].filter((id) => id?.startsWith(`r${timeline.victim + 1}~`));
    timeline.killAt = Date.now();
    await cluster.kill(timeline.victim);
    await sleep(SECONDS * 250);
    timeline.restartAt = Date.now();
    await cluster.restart(timeline.victim);
    timeline.backAt = Date.now();
  })();
  await Promise.all([...workers, events]);
  return { stats, timeline, startedAt, endedAt: Date.now() };
}

/** Index of the replica (r1 = 0) that holds the most of the legacy clients' current sessions. */
function victimOf(current) {
  const counts = [0, 0, 0];
  for (const session of current.values()) {
    const n = Number(/^r(\d)~/.exec(session ?? '')?.[1] ?? 0);
    if (n >= 1 && n <= 3) counts[n - 1] += 1;
  }
  return counts.indexOf(Math.max(...counts));
}

function judge({ stats, timeline }, ledger) {
  const killed = `r${timeline.victim + 1}`;
  const completedIds = new Set(stats.completed.map((c) => c.id));
  const lost = stats.completed.filter((c) => (ledger.get(c.id)?.count ?? 0) === 0);
  const duplicated = [...ledger].filter(([id, e]) => e.count > 1 && !id.startsWith('tp-'));
  const inDoubtExecuted = stats.failed.filter((f) => !completedIds.has(f.id) && (ledger.get(f.id)?.count ?? 0) > 0);
  const sessionsOnKilled = new Set(timeline.sessionsAtKill);
  const reinitFromKilled = stats.reinitialised.filter((r) => r.from?.startsWith(`${killed}~`));
  // Every legacy client whose session the kill took got a 404 for it and opened a new one.
  const notReinitialised = [...sessionsOnKilled].filter((id) => !stats.reinitialised.some((r) => r.from === id));
  const notFound404 = stats.failed.filter((f) => f.era === 'legacy' && f.status === 404);
  // A stateless call in flight at the kill may fail (its answer died with the replica); one started later must not.
  const statelessAfterKill = stats.failed.filter((f) => f.era === 'stateless' && f.started > timeline.killAt + KILL_GRACE_MS);
  const statelessDone = (from, to) => stats.completed.filter((c) => c.era === 'stateless' && c.started >= from && c.ended <= to).length;
  const live = stats.tasks.filter((t) => t.replica && t.replica !== killed);
  const liveMissed = live.filter((t) => t.outcome !== 'found');
  const killedTasks = stats.tasks.filter((t) => t.replica === killed);
  const checks = [
    ['completed calls lost (answered, but no ledger entry)', lost.length, 0],
    ['calls executed more than once', duplicated.length, 0],
    ['answers that carried another call\'s result', stats.crossed.length, 0],
    ['legacy sessions on the killed replica that did not re-initialise', notReinitialised.length, 0],
    ['stateless calls failed that started after the kill', statelessAfterKill.length, 0],
    ['tasks on live replicas not found or with a wrong result', liveMissed.length, 0],
  ];
  const ok = lost.length === 0 && duplicated.length === 0 && stats.crossed.length === 0 && statelessAfterKill.length === 0 && liveMissed.length === 0 &&
    sessionsOnKilled.size > 0 && notReinitialised.length === 0 && statelessDone(timeline.killAt + KILL_GRACE_MS, timeline.restartAt) > 0;
  return {
    ok,
    checks,
    figures: {
      completed: stats.completed.length,
      completedLegacy: stats.completed.filter((c) => c.era === 'legacy').length,
      completedStateless: stats.completed.filter((c) => c.era === 'stateless').length,
      failedInFlight: stats.failed.filter((f) => f.status !== 404).length,
      inDoubtExecuted: inDoubtExecuted.length,
      legacy404: notFound404.length,
      sessionsOnKilled: sessionsOnKilled.size,
      reinitialised: stats.reinitialised.length,
      reinitialisedFromKilled: reinitFromKilled.length,
      statelessWhileDown: statelessDone(timeline.killAt + KILL_GRACE_MS, timeline.restartAt),
      tasks: stats.tasks.length,
      tasksLive: live.length,
      tasksLiveFound: live.length - liveMissed.length,
      tasksOnKilled: killedTasks.length,
      tasksOnKilledFound: killedTasks.filter((t) => t.outcome === 'found').length,
      tasksOnKilledGone: killedTasks.filter((t) => t.outcome === 'not_found').length,
    },
    samples: { notReinitialised, lost: lost.slice(0, 5), duplicated: duplicated.slice(0, 5), statelessAfterKill: statelessAfterKill.slice(0, 5), liveMissed: liveMissed.slice(0, 5) },
  };
}

async function main() {
  if (!findNginx()) {
    log('nginx is not installed; run scripts/setup-test-host.sh (Debian\'s nginx) first');
    return 2;
  }
  const base = mkdtempSync(join(tmpdir(), 'gatehouse-replicas-'));
  let cluster;
  try {
    cluster = await startCluster({ base, log });
    log(`load for ${SECONDS} s: 3 legacy + 3 stateless callers, 1 legacy + 2 stateless task clients; a replica killed at ${Math.round(SECONDS * 0.35)} s, restarted at ${Math.round(SECONDS * 0.6)} s`);
    const run = await chaos(cluster);
    await sleep(500); // the last ledger lines of calls that ended as the clients stopped
    const verdict = judge(run, ledgerCounts(cluster.ledger));
    const metrics = [];
    for (let i = 0; i < 3; i++) metrics.push(await metricsOf(cluster.replicaUrl(i)));

    const rates = [];
    for (const count of THROUGHPUT ? [1, 2, 3] : []) {
      await cluster.balanceOver(count);
      rates.push({ replicas: count, ...(await throughput({ url: cluster.frontUrl, seconds: TP_SECONDS, concurrency: 6 })) });
    }

    const report = { seconds: SECONDS, cpus: cpus().length, timeline: { victim: `r${run.timeline.victim + 1}`, killAt: run.timeline.killAt - run.startedAt, restartAt: run.timeline.restartAt - run.startedAt, backAt: run.timeline.backAt - run.startedAt }, ...verdict, metrics, throughput: rates };
    print(report);
    if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
    return verdict.ok && metrics.every((m) => m.status === 200 && m.replica) ? 0 : 1;
  } finally {
    await cluster?.stop().catch((error) => log(`stop: ${error.message}`));
    rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

function print(report) {
  const f = report.figures;
  const out = [];
  out.push(`\nreplicas proof: nginx + 3 gatehouse replicas on loopback, ${report.seconds} s of load, ${report.cpus} CPU cores`);
  out.push(`${report.timeline.victim} (most legacy sessions) killed (SIGKILL) at ${(report.timeline.killAt / 1000).toFixed(1)} s, restart begun at ${(report.timeline.restartAt / 1000).toFixed(1)} s, serving again at ${(report.timeline.backAt / 1000).toFixed(1)} s\n`);
  out.push(`calls completed: ${f.completed} (legacy ${f.completedLegacy}, stateless ${f.completedStateless}); failed in flight at the kill: ${f.failedInFlight} (of which the ledger shows ${f.inDoubtExecuted} ran before the replica died: answer lost, never re-run)`);
  out.push(`legacy callers' 404s: ${f.legacy404}; sessions on ${report.timeline.victim} at the kill: ${f.sessionsOnKilled}; re-initialised after a 404 from them: ${f.reinitialisedFromKilled}`);
  out.push(`stateless calls completed while ${report.timeline.victim} was down: ${f.statelessWhileDown}`);
  out.push(`tasks: ${f.tasks}; on live replicas ${f.tasksLive}, found ${f.tasksLiveFound}; on ${report.timeline.victim} ${f.tasksOnKilled} (found ${f.tasksOnKilledFound}, gone with it ${f.tasksOnKilledGone})\n`);
  for (const [what, got, want] of report.checks) out.push(`${String(got).padStart(6)}  ${what} (want ${want})`);
  out.push('\n/metrics per replica (scraped directly):');
  for (const m of report.metrics) out.push(`  ${m.replica ?? '?'}: HTTP ${m.status}, tool calls ${m.toolCalls}, open sessions ${m.sessions}, HTTP requests ${m.requests}`);
  if (report.throughput.length) out.push(`\nthroughput through nginx, 6 stateless clients, ${TP_SECONDS} s each (${report.cpus} cores shared by nginx, the replicas, their children and the clients):`);
  for (const r of report.throughput) out.push(`  ${r.replicas} replica${r.replicas > 1 ? 's' : ' '}: ${r.perSecond.toFixed(0).padStart(5)} calls/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`);
  out.push(`\n${report.ok ? 'PASS' : 'FAIL'}: ${report.ok ? 'no completed call lost or duplicated; sessions re-initialised; stateless clients and live tasks unaffected' : JSON.stringify(report.samples)}`);
  console.log(out.join('\n'));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
