// `gatehouse logs [--tail N] [--follow] [--server NAME] [--audit] [--json]`: the last lines of the gateway
// log (or, with --audit, the audit trail as a table) kept under $XDG_STATE_HOME/gatehouse, across rotated
// files; --follow keeps printing new ones, through rotation, until Ctrl-C.
import { homedir } from 'node:os';
import { followFile } from '../logs/follow';
import { auditRow, AUDIT_HEADER, mentionsServer, parseAuditLine, parseLogLine } from '../logs/log-lines';
import { auditLogPath, gatewayLogPath } from '../logs/paths';
import { tailLines } from '../logs/read-tail';
import { processIo, type CliIo } from '../runtime/cli-io';
import { stateDir } from '../state/paths';
import { parseFlags, UsageError } from './args';
import { gatehouseRun } from '../common/gatehouse-command';

const FLAGS = {
  tail: { type: 'string', default: '100' },
  follow: { type: 'boolean', default: false },
  server: { type: 'string' },
  audit: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** Which lines of one file are shown, and how. */
interface View {
  path: string;
  header: string | null;
  keep(line: string): boolean;
  render(line: string): string;
  missing: string;
  /** Said when --server matched nothing. */
  noneFor(server: string): string;
}

function gatewayView(dir: string, server: string | undefined, json: boolean): View {
  const path = gatewayLogPath(dir);
  return {
    path,
    header: null,
    keep: (line) => server === undefined || mentionsServer(line, server),
    render: (line) => (json ? JSON.stringify(parseLogLine(line)) : line),
    missing: `no gateway log at ${path} yet; "${gatehouseRun('serve')}" (or the desktop app) writes it while the gateway runs`,
    noneFor: (name) => `no lines about server "${name}" in ${path} (or its rotated copies); it has not started since the log began, or the name is not one of ${gatehouseRun('status')}'s servers`,
  };
}

function auditView(dir: string, server: string | undefined, json: boolean): View {
  const path = auditLogPath(dir);
  return {
    path,
    header: json ? null : AUDIT_HEADER,
    keep: (line) => {
      const event = parseAuditLine(line);
      return event !== null && (server === undefined || event.server === server);
    },
    render: (line) => {
      const event = parseAuditLine(line);
      return json || !event ? line : auditRow(event);
    },
    missing: `no audit trail at ${path} yet; a running gateway records one event per client request there`,
    noneFor: (name) => `no audit events for server "${name}" in ${path}; no client called it yet, or the name is not one of ${gatehouseRun('status')}'s servers`,
  };
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(count)) throw new UsageError(`--tail must be a whole number, not "${value}"`);
  return count;
}

/** Aborted by Ctrl-C (or SIGTERM); the handlers are removed once following ends. */
function interrupted(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return {
    signal: controller.signal,
    release() {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    },
  };
}

export async function logs(argv: string[], io: CliIo = processIo(), stop?: AbortSignal): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  const count = parseCount(values.tail);
  const dir = stateDir({ env: io.env, home: io.env.HOME || homedir() });
  const view = (values.audit ? auditView : gatewayView)(dir, values.server, values.json);
  const tail = await tailLines(view.path, count, view.keep);
  if (!tail) io.stderr(`gatehouse: ${view.missing}${values.follow ? '; waiting for it' : ''}\n`);
  // An empty answer to --server is told apart from silence: a mistyped name, or a server not started yet.
  else if (values.server !== undefined && !tail.lines.length && count > 0) io.stderr(`gatehouse: ${view.noneFor(values.server)}${values.follow ? '; waiting for some' : ''}\n`);
  if (view.header && (tail?.lines.length || values.follow)) io.stdout(`${view.header}\n`);
  for (const line of tail?.lines ?? []) io.stdout(`${view.render(line)}\n`);
  if (!values.follow) return tail ? 0 : 1;
  const { signal, release } = stop ? { signal: stop, release: () => undefined } : interrupted();
  const print = (line: string) => {
    if (view.keep(line)) io.stdout(`${view.render(line)}\n`);
  };
  try {
    await followFile(view.path, tail?.end ?? null, print, signal);
  } finally {
    release();
  }
  return 0;
}
