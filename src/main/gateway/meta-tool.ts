// The shape of one gateway.* meta-tool. Its zod input schema both validates calls and generates the
// advertised JSON Schema, so the two cannot drift.
import type { CallToolResult, ProgressToken } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { ConfigIssue } from '../../shared/domain';
import type { DiscoveryState } from '../discovery/state';
import type { AuditEvent } from '../logs/audit-ring';
import type { LoadedPolicy } from '../policy';
import type { RedactOptions } from '../redaction/pipeline';
import type { Guidance } from './guidance';
import type { ClientChannel } from '../supervisor/client-channel';
import type { ServerDirectory } from '../supervisor/server-directory';

export type GatewayTransport = 'stdio' | 'http' | 'in-process';

/** gateway.refresh's `source`: claude_config = the project and user .mcp.json files, custom = --config. */
export type RefreshSource = 'claude_config' | 'custom';

/** Who is calling: pending calls and tasks belong to a session; the operator sees all of them. */
export interface SessionIdentity {
  sessionId: string;
  operator: boolean;
  /**
   * The project the client works in, when it is not the gateway's own (an attached stdio client started
   * elsewhere): the session sees that project's trusted servers and the user's, not the gateway's project's.
   */
  projectRoot?: string | null;
  /**
   * One 2026-07-28 request, not a session: its server lives for that request only, so it cannot carry
   * resource subscriptions or later list_changed notices (those would need subscriptions/listen).
   */
  stateless?: boolean;
}

export interface GatewayContext {
  /** The servers this session sees (its project's and the user's), by the names it uses. */
  supervisor: ServerDirectory;
  transport: GatewayTransport;
  session: SessionIdentity;
  revision(): { id: string; refreshedAt: string };
  configIssues(): ConfigIssue[];
  /** Manifest servers matching a query that are not configured yet (catalog_search's manifest_candidates). */
  manifestCandidates?(query: string, limit: number): Promise<unknown[]>;
  /** The discovery state (manifest, cached CLI inventory, registry client), for catalog_search's cli_hints and registry_candidates. */
  discovery?: DiscoveryState;
  /** MCP sessions connected to this gateway right now (every transport), for health. */
  sessionCount?(): number;
  /** Projects of clients attached from elsewhere, with their session counts (config/project-scopes.ts). */
  attachedProjects?(): { root: string; sessions: number }[];
  /** The HTTP listener's per-client rate limit (requests per minute); absent or 0: none. */
  rateLimitRpm?: number;
  /** The policy in force: allow/deny rules, limits, redaction (swapped on refresh). */
  policy(): LoadedPolicy;
  /** The guidance layers (instructions line, code hints and snippets, the methodology resource). */
  guidance(): Guidance;
  /**
   * Records a finished meta-tool call in the audit ring. Set for stdio and in-process sessions; the HTTP
   * layer records its own requests (with auth state), so HTTP sessions leave it unset.
   */
  recordCall?(toolName: string, args: unknown, result: CallToolResult, startedAt: number, requestMeta?: unknown): void;
  /** Audit events this session may see (its own and gateway-level), oldest first. */
  auditEvents(): AuditEvent[];
  /**
   * The redaction pipeline: known secret values, then the policy's patterns (unless `patterns: false`).
   * Every outgoing message passes it anyway; tools call it for what they cut or persist, so that
   * redaction happens before truncation.
   */
  redact<T>(value: T, options?: RedactOptions): T;
  /** The answer to this request skips the pattern stage (invoke's `redact_secrets: false`). */
  skipPatternsFor?(requestId: string | number): void;
  /** Re-reads config (all sources, or only those of `source`), policy and guidance, and reconciles. */
  reload(source?: RefreshSource): Promise<ReloadResult>;
}

export interface ReloadResult {
  revisionId: string;
  started: string[];
  stopped: string[];
  restarted: string[];
}

export interface CallContext {
  signal: AbortSignal;
  progressToken: ProgressToken | undefined;
  sendProgress(progress: { progress: number; total?: number; message?: string }): Promise<void>;
  /** The tools/call request's own `_meta` (trace context may arrive there as well as in arguments). */
  requestMeta?: Record<string, unknown>;
  /** The calling client session, for what a downstream server asks it or logs while serving this call. */
  channel?: ClientChannel;
  /** The client called a listed downstream tool by name (exposure modes): answer with its own result, not invoke's envelope. */
  direct?: boolean;
}

export interface MetaTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: S;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
  run(args: z.infer<S>, gateway: GatewayContext, call: CallContext): Promise<CallToolResult>;
  /**
   * The arguments of the tool's most common call, read without the schema: exactly what `input` would
   * give for them, or undefined for anything else (which then takes the schema). For a tool on every
   * call's path (gateway.invoke), where the schema's parse was a measurable share of the call.
   */
  quickInput?(args: unknown): z.infer<S> | undefined;
}

/** Keeps each tool's argument type while collecting them in one list. */
export function defineMetaTool<S extends z.ZodType>(tool: MetaTool<S>): MetaTool {
  return tool as unknown as MetaTool;
}
