import type { Server } from '@modelcontextprotocol/server';
import type { GatehouseApi } from '../../shared/ipc';
import type { GatewayTransport, SessionIdentity } from '../gateway/meta-tool';
import type { AuditRing } from '../logs/audit-ring';
import type { SecretStore } from '../secrets/store';
import type { RestartPolicyOptions } from '../supervisor/restart-policy';
import type { GatehouseEvents } from './events';

/** What the transport serving a session knows and health reports (the HTTP listener's rate limit). */
export interface ServingFacts {
  rateLimitRpm?: number;
}

export interface GatehouseOptions {
  /** Working directory used to discover the project root (default: process.cwd()). */
  cwd?: string;
  /** Explicit project root (`--project`); skips discovery. */
  projectDir?: string;
  /** Home directory for user-level config (default: os.homedir()). */
  homeDir?: string;
  /** Explicit config file (`--config`, `GATEHOUSE_CONFIG`); missing or malformed stops start-up. */
  configPath?: string;
  /** Explicit policy file (`--policy`; GATEHOUSE_POLICY is read by the policy loader itself). */
  policyPath?: string;
  /** The gateway's own environment; children get an allowlisted subset of it (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where diagnostics go; the stdio CLI sends them to stderr so stdout stays pure MCP. */
  log?: (line: string) => void;
  /** State folder (children-*.json, last-running.json); default $XDG_STATE_HOME/gatehouse. */
  stateDir?: string;
  /** Cache folder (descriptions.json for offline cards); default $XDG_CACHE_HOME/gatehouse. */
  cacheDir?: string;
  /** The keychain-backed secret store; null runs without a keychain (environment variables only). */
  secretStore?: SecretStore | null;
  /** Absolute ceiling for one tools/call, progress or not (default 600 000 ms). */
  requestCeilingMs?: number;
  /** Restart backoff and crash-loop breaker settings (tests shorten them). */
  restartPolicy?: RestartPolicyOptions;
  /**
   * Opens a URL in the person's browser (the desktop shell's hook) when an OAuth sign-in starts; without
   * it the URL is logged and returned to whoever started the sign-in.
   */
  openUrl?: (url: string) => void | Promise<void>;
}

export interface Gatehouse {
  api: GatehouseApi;
  events: GatehouseEvents;
  /** Loads config and starts eager (`autoStart`) servers; lazy ones wait for first use. */
  start(): Promise<void>;
  /** Stops every child (process groups killed) and releases watchers. */
  stop(): Promise<void>;
  /** What clients asked and how it ended: a bounded ring the HTTP layer records into. */
  audit: AuditRing;
  /** Registers a value (the HTTP listener's own tokens) with the redaction pipeline's secret stage. */
  addSecretValue(value: string): void;
  /** True while the client session owns pending calls or active tasks (such a session never expires). */
  hasPendingWork(sessionId: string): boolean;
  /** A client session ended: cancel its pending calls (E307 session_closed); returns how many. */
  endSession(sessionId: string): number;
  /**
   * Told after a downstream resource or prompt list changed and was re-read (what the open sessions are
   * told too): the HTTP listener passes it to 2026-07-28 subscriptions/listen streams. Returns the undo.
   */
  onListChanged(listener: (kind: 'resources' | 'prompts') => void): () => void;
  /**
   * The input schema of tool `name` as a stateless client of `projectRoot` named `clientName` sees it in
   * tools/list; null when it lists no such tool. The HTTP endpoint checks Mcp-Param-* headers against it.
   */
  listedInputSchema(projectRoot: string | null, clientName: string | null, name: string): Record<string, unknown> | null;
  /**
   * A fresh MCP server exposing the gateway.* meta-tools; one per stdio connection or HTTP session/request.
   * `session` owns the pending calls made through it (default: a new private session).
   */
  createMcpServer(transport?: GatewayTransport, session?: SessionIdentity, serving?: ServingFacts): Server;
}
