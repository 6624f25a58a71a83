// What a server handle is given and the small judgements it makes about errors: kept apart so the handle
// itself (server-handle.ts) is the state machine and little else.
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../config/types';
import { gatehouseRun } from '../common/gatehouse-command';
import { cutAtBoundary } from '../common/cut-text';
import { GatewayError } from '../common/errors';
import type { Connection, VariableResolver } from './connect';
import type { ConfinementContext } from './confinement/launch';
import type { RemoteOAuth } from '../oauth/remote-oauth';
import { CallCancelled, type PendingCalls } from './pending-calls';
import type { RestartPolicyOptions } from './restart-policy';
import type { CatalogKind } from './server-catalog';
import type { SpawnedServer } from './stdio-process';
import { CeilingExceeded } from './tool-call';

/** E404: the project file defining this server is not approved (or changed since); nothing starts. */
export function untrustedError(name: string, untrusted: NonNullable<ServerDefinition['untrusted']>): GatewayError {
  const why = untrusted.state === 'changed' ? 'changed since the operator approved it' : 'is not approved by the operator';
  return new GatewayError('E404', `server "${name}" comes from ${untrusted.path}, which ${why}; it cannot start until the operator approves the file`,
    { server: name, path: untrusted.path, sha256: untrusted.sha256, startup_skip_reason: 'untrusted_project' },
    `ask the operator to review ${untrusted.path} and approve it in the Gatehouse panel or with: ${gatehouseRun('trust approve')}`, false);
}

/** Errors that already say exactly why a call ended. */
export function isExplained(error: unknown): boolean {
  return error instanceof GatewayError || error instanceof CallCancelled || error instanceof CeilingExceeded;
}

export interface HandleOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  resolveVariables?: VariableResolver;
  /** OAuth sign-ins for remote servers (connect.ts). */
  oauth?: RemoteOAuth | null;
  connectTimeoutMs: number;
  lineLimit?: number;
  /** Put each stdio child's tree in its own cgroup v2 where the machine lets us (default true). */
  useCgroup?: boolean;
  /** Gatehouse's folders and homes a confined child must not see (default: from gatewayEnv). */
  confinement?: ConfinementContext;
  restartPolicy?: RestartPolicyOptions;
  requestCeilingMs?: number;
  pending: PendingCalls;
  /** A state change (pushed at once) or a statistics change (may be throttled). */
  onChange: (kind: 'state' | 'stats') => void;
  onChildStarted?: (process: SpawnedServer) => void;
  onChildGone?: (process: SpawnedServer) => void;
  /** A fresh, complete tool list (for the offline descriptions cache). */
  onToolsListed?: (tools: readonly Tool[]) => void;
  /** A list the server announced as changed was re-read (for upstream list_changed). */
  onCatalogChanged?: (kind: CatalogKind) => void;
  /**
   * A new connection is live: the gateway attaches what it relays from the server (log lines, resource
   * updates, requests to the client) and renews what it holds there (resource subscriptions).
   */
  onConnected?: (client: Client) => void;
  log: (line: string) => void;
  /** The redaction pipeline, applied to stderr lines as they arrive (before any cut). */
  redact?: (text: string) => string;
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Who began a start: a call or the operator (logged here), or an eager start or a restart (their callers log a failure). */
export type StartOrigin = 'demand' | 'eager' | 'restart';

export function connectionGone(connection: Connection | null): string {
  return connection?.process ? 'the server closed its output (exit status pending)' : 'the connection to the server closed';
}

/** The exit status an E204 "exited during start-up" carries in its details, if any. */
export function exitOf(error: unknown): Exit | null {
  if (!(error instanceof GatewayError) || !('exit_code' in error.details)) return null;
  const { exit_code: code, exit_signal: signal } = error.details as { exit_code: number | null; exit_signal: NodeJS.Signals | null };
  return { code, signal };
}

/** What follows a crash, in the words of the row and the log. `delay` null: the crash-loop breaker opened. */
export function crashNextStep(name: string, delay: number | null, restarting: boolean): string {
  if (delay === null) return `automatic restarts are paused (gateway.restart_server(server_name='${name}') starts it again)`;
  return restarting ? `restarting in ${delay} ms` : 'it starts again on its next use';
}

/** A crash's row text: how it ended, its last stderr lines, and the breaker (`openAfter`: crashes, when open). */
export function crashSummary(exit: Exit | null, crashed: Connection | null, stderrTail: readonly string[], openAfter: number | null): string {
  const why = exit ? `server exited unexpectedly (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})` : connectionGone(crashed);
  const tail = stderrTail.join(' | ');
  const breaker = openAfter === null ? '' : ` — crash-loop breaker open after ${openAfter} crashes`;
  return `${why}${tail ? ` — last stderr: ${cutAtBoundary(tail, 600)}` : ''}${breaker}`;
}
