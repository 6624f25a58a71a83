// `gatehouse status`: asks a running gateway (loopback HTTP) for its health; when none answers, shows
// what the config defines so the operator still sees what would run and any config errors. Exit 1 only
// when the announced gateway's port is held by something else (nothing is sent to it). `--server NAME`
// shows one server with its confinement and every mount (status-server.ts); exit 1 for an unknown name.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { ConfigIssue, ConfinementView } from '../../shared/domain';
import { formatIssue } from '../config/load';
import { findProjectRoot } from '../config/project-root';
import { ConfigStore } from '../config/store';
import { CONFIG_FLAGS, parseFlags, parsePort } from './args';
import { formatTable } from './table';
import { stateDir } from '../state/paths';
import { probeHealth } from '../state/live-instance';
import { callRunningGateway, gatewayTarget, type GatewayTarget } from './running-gateway';
import { configuredConfinement, formatServerStatus } from './status-server';

interface StatusRow {
  name: string;
  status: string;
  transport?: string;
  startup_policy?: string;
  startup_source?: string;
  pid?: number;
  tool_count?: number;
  error?: string;
  confinement?: ConfinementView | null;
}

/** A project folder a client attached from (its servers are that client's), and how many sessions use it. */
interface AttachedProject {
  root: string;
  sessions: number;
}

interface LiveAnswer {
  servers: StatusRow[];
  projects: AttachedProject[];
}

/** What a running gateway reports, or null when none answers (or it is not a Gatehouse). */
async function askRunningGateway(target: Extract<GatewayTarget, { ok: true }>, verbose: boolean): Promise<LiveAnswer | null> {
  // verbose: the confinement with its mounts (the plain answer leaves them out).
  const answer = await callRunningGateway(target.url, 'gateway.health', verbose ? { verbose: true } : {}, { fetch: target.fetch });
  if (!answer.ok) return null;
  const body = answer.body as { servers?: StatusRow[]; gateway_diagnostics?: { attached_projects?: AttachedProject[] } };
  return body.servers ? { servers: body.servers, projects: body.gateway_diagnostics?.attached_projects ?? [] } : null;
}

/** Why a gateway that is there did not answer: it wants a token this command only gives the announced gateway. */
async function withheldNote(target: Extract<GatewayTarget, { ok: true }>): Promise<string | null> {
  if (!target.unannounced || !process.env.GATEHOUSE_AUTH_TOKEN || !(await probeHealth(target.url))) return null;
  return `the gateway at ${target.url.href} did not answer without a token, and GATEHOUSE_AUTH_TOKEN was not sent to it: ${target.unannounced}; a token goes only to the gateway announced there`;
}

interface StatusArgs {
  config?: string;
  project?: string;
}

const FLAGS = { ...CONFIG_FLAGS, json: { type: 'boolean', default: false }, port: { type: 'string' }, server: { type: 'string' } } as const;

function configuredRows(args: StatusArgs, server: string | undefined): { rows: StatusRow[]; issues: ConfigIssue[] } {
  const homeDir = homedir();
  const state = stateDir();
  const store = new ConfigStore({
    projectRoot: args.project ? resolve(args.project) : findProjectRoot(process.cwd(), homeDir),
    homeDir,
    configPath: args.config ?? process.env.GATEHOUSE_CONFIG ?? null,
    stateDir: state,
  });
  const rows = [...store.config.servers.values()].map((d) => ({
    name: d.name,
    status: d.untrusted ? 'not approved' : 'not running',
    transport: d.transport,
    startup_policy: d.startupPolicy,
    startup_source: d.source,
    // Only for the one server asked about: planning reads the disk.
    ...(d.name === server && { confinement: configuredConfinement(d, process.env, state) }),
  }));
  return { rows, issues: store.config.issues };
}

export async function status(argv: string[]): Promise<number> {
  const { values: args } = parseFlags(argv, FLAGS);
  // The announced gateway, once it proved itself, with its per-run token (so a gateway that requires
  // auth still answers); its port held by something else: nothing is sent there, and exit 1.
  const target = await gatewayTarget(parsePort(args.port), process.env);
  const { url } = target;
  const server = args.server;
  const live = target.ok ? await askRunningGateway(target, server !== undefined) : null;
  const problem = target.ok ? (live ? null : await withheldNote(target)) : `${target.message}\nnext step: ${target.next}`;
  if (problem) process.stderr.write(`gatehouse: ${problem}\n`);
  const { rows, issues } = live ? { rows: live.servers, issues: [] } : configuredRows(args, server);
  const projects = live?.projects ?? [];
  if (server !== undefined) return showServer(rows, server, live !== null, args.json, target.ok);
  if (args.json) {
    const gateway = { running: live !== null, url: url.href, ...(!target.ok && { error: target.message }) };
    process.stdout.write(`${JSON.stringify({ gateway, servers: rows, attached_projects: projects, config_issues: issues })}\n`);
    return target.ok ? 0 : 1;
  }
  const headline = live
    ? `Gateway: running at ${url.href}`
    : target.ok
      ? `Gateway: not running at ${url.href} (showing configured servers)`
      : `Gateway: not asked, ${url.host} is not the announced Gatehouse (showing configured servers)`;
  process.stdout.write(`${headline}\n\n`);
  if (!rows.length) process.stdout.write('No servers configured.\n');
  else {
    const table = formatTable(
      ['SERVER', 'STATUS', 'TRANSPORT', 'START', 'SOURCE', 'PID', 'TOOLS'],
      rows.map((r) => [r.name, r.status, r.transport ?? '', r.startup_policy ?? '', r.startup_source ?? '', r.pid ? String(r.pid) : '-', r.tool_count === undefined ? '-' : String(r.tool_count)]),
    );
    process.stdout.write(`${table}\n`);
    for (const row of rows) if (row.error) process.stdout.write(`\n${row.name}: ${row.error}\n`);
  }
  // Clients attached from other project folders each see their own project's servers beside the user's.
  if (projects.length) {
    process.stdout.write('\nProjects attached by clients:\n');
    for (const project of projects) process.stdout.write(`  ${project.root}  (${project.sessions} session${project.sessions === 1 ? '' : 's'})\n`);
  }
  for (const issue of issues) process.stdout.write(`\n${formatIssue(issue)}\n`);
  return target.ok ? 0 : 1;
}

function showServer(rows: StatusRow[], name: string, live: boolean, json: boolean, reachable: boolean): number {
  const row = rows.find((r) => r.name === name);
  if (!row) {
    process.stderr.write(`gatehouse: no server "${name}" ${live ? 'in the running gateway' : 'in the config'}; known: ${rows.map((r) => r.name).join(', ') || '(none)'}\n`);
    return 1;
  }
  const view = { name: row.name, status: row.status, transport: row.transport, pid: row.pid ?? null, confinement: row.confinement ?? null };
  if (json) process.stdout.write(`${JSON.stringify({ gateway: { running: live }, server: { ...row, confinement: view.confinement } })}\n`);
  else process.stdout.write(formatServerStatus(view, live));
  return reachable ? 0 : 1;
}
