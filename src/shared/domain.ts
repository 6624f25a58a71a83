// Domain shapes every process agrees on. Zod schemas are the source of truth; the types are inferred,
// so the IPC validation, the core and the renderer cannot drift apart.
import * as z from 'zod';

/** A server name as it appears in config: no `::`, whitespace or control characters. */
export const ServerName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^(?!.*::)[^\s\p{Cc}]+$/u, 'a server name has no "::", whitespace or control characters');

/**
 * lazy: not started, starts on first use · starting: spawning and handshaking · online · degraded: online
 * but a list call failed (previous lists kept) · restarting: crashed, waiting for its backoff ·
 * crash_loop: crashed too often, no more automatic restarts · auth_required: a credential is missing ·
 * error: the last start failed · stopped: stopped by the operator.
 */
export const ServerStatus = z.enum(['lazy', 'starting', 'online', 'degraded', 'restarting', 'crash_loop', 'auth_required', 'error', 'stopped']);
export type ServerStatus = z.infer<typeof ServerStatus>;

export const ConfigSourceKind = z.enum(['project', 'user', 'custom', 'default']);
export type ConfigSourceKind = z.infer<typeof ConfigSourceKind>;

export const TransportKind = z.enum(['stdio', 'http', 'sse']);
export type TransportKind = z.infer<typeof TransportKind>;

export const StartupPolicy = z.enum(['eager', 'lazy', 'skipped']);
export type StartupPolicy = z.infer<typeof StartupPolicy>;

/** One mount of a confined server, in the order applied (src/main/common/confinement/view.ts). */
export const MountView = z.object({
  path: z.string(),
  /** private: an empty folder of its own · hidden: not readable at all. */
  access: z.enum(['ro', 'rw', 'private', 'hidden']),
  kind: z.enum(['system', 'devices', 'processes', 'temp', 'home', 'host', 'gatehouse', 'secret', 'toolchain', 'trust', 'runtime', 'project', 'workdir', 'argument', 'grant', 'cache', 'data', 'docker', 'bridge']),
});
export type MountView = z.infer<typeof MountView>;

/**
 * What a server's child can touch. confined (bubblewrap) · unconfined (`reason` says why: the operator or
 * its entry allowed it) · unavailable (this host cannot confine it and nothing allowed it unconfined: it
 * does not start) · not_applicable (a remote server).
 */
export const ConfinementView = z.object({
  state: z.enum(['confined', 'unconfined', 'unavailable', 'not_applicable']),
  reason: z.string().nullable(),
  backend: z.enum(['bubblewrap']).nullable(),
  network: z.enum(['none', 'loopback', 'full']).nullable(),
  /** Network "loopback": the host's 127.0.0.1 ports bridged in (empty: its own loopback only). */
  loopbackPorts: z.array(z.number().int()).optional(),
  project: z.enum(['none', 'ro', 'rw']).nullable(),
  gaps: z.array(z.string()),
  mounts: z.array(MountView),
});
export type ConfinementView = z.infer<typeof ConfinementView>;

/** One row of the live health table: the panel, the tray, `gatehouse status` and `gateway.health` read it. */
export const HealthRow = z.object({
  name: z.string(),
  status: ServerStatus,
  transport: TransportKind,
  startup_policy: StartupPolicy,
  source: ConfigSourceKind,
  source_path: z.string().nullable(),
  pid: z.number().int().nullable(),
  tool_count: z.number().int().nonnegative(),
  protocol_version: z.string().nullable(),
  started_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /**
   * Why a server is not started: missing_auth (an eager server's ${VAR} has no value) · untrusted_project
   * (its project `.mcp.json` is not approved, or changed since; it cannot start until approved).
   */
  startup_skip_reason: z.enum(['missing_auth', 'untrusted_project']).nullable(),
  missing_env_vars: z.array(z.string()),
  restart_count: z.number().int().nonnegative(),
  last_exit_code: z.number().int().nullable(),
  last_exit_signal: z.string().nullable(),
  breaker: z.enum(['closed', 'open', 'half_open']),
  /** Names of the capabilities the server declared (tools, resources, prompts, logging, tasks, ...). */
  capabilities: z.array(z.string()),
  pending_count: z.number().int().nonnegative(),
  /** Of those, calls waiting for their client to answer the server (sampling, elicitation): "waiting for the client". */
  waiting_for_client: z.number().int().nonnegative().optional(),
  latency: z.object({ count: z.number().int().nonnegative(), p50_ms: z.number().nullable(), p99_ms: z.number().nullable() }),
  /** Additive: rows from a gateway that predates confinement have none. */
  confinement: ConfinementView.optional(),
});
export type HealthRow = z.infer<typeof HealthRow>;

/** A pushed snapshot. Consumers drop any snapshot whose generation is not newer than the last one seen. */
export const HealthSnapshot = z.object({
  generation: z.number().int().nonnegative(),
  rows: z.array(HealthRow),
});
export type HealthSnapshot = z.infer<typeof HealthSnapshot>;

/** A problem with a config source, shown beside the rows (the gateway keeps the last good config). */
export const ConfigIssue = z.object({
  source: ConfigSourceKind,
  path: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ConfigIssue = z.infer<typeof ConfigIssue>;

export const ServerActionResult = z.object({
  ok: z.boolean(),
  row: HealthRow.nullable(),
  message: z.string(),
});
export type ServerActionResult = z.infer<typeof ServerActionResult>;
