// Shapes shared by the startup-policy reader, the preview-then-apply writer and the gateway tools that
// expose them (gateway.get_startup_policy, gateway.set_startup_policy, gateway.config_status). Field
// names follow the contract (§2.3) so the tools can pass them through unchanged.
import type { ConfigLocations } from './load';
import type { SourceReadout } from './types';

/**
 * The server names Gatehouse knows beyond the config files, by where each comes from (discovery fills
 * it in: the manifest, provisioned.json, discovered.json); the startup policy counts them as known.
 */
export interface ServerOrigins {
  manifest: ReadonlySet<string>;
  provisioned: ReadonlySet<string>;
  discovered: ReadonlySet<string>;
}

/** The sources that can persist `autoStart`; the embedded default is read-only. */
export type PolicySourceKind = 'project' | 'user' | 'custom';

export type StartupPolicyCode =
  | 'invalid_source'
  | 'auto_start_disabled_conflict'
  | 'stale_auto_start'
  | 'stale_disable_auto_start'
  | 'ambiguous_source'
  | 'invalid_auto_start'
  | 'symlink_refused'
  | 'concurrent_modification'
  | 'write_failed';

export interface StartupPolicyDiagnostic {
  code: StartupPolicyCode;
  message: string;
  source: PolicySourceKind | null;
  path: string | null;
  server_name: string | null;
  /** 1-based line in `path` when the problem sits at a known place. */
  line: number | null;
  /** Errors stop a write; warnings are advice the operator may ignore. */
  severity: 'error' | 'warning';
  /** E101: the file itself is invalid · E103: a write was refused (contract §2.1). */
  error_code: 'E101' | 'E103' | null;
}

/** One row of gateway.get_startup_policy `sources[]`. */
export interface StartupPolicySourceRow {
  source: PolicySourceKind;
  path: string;
  exists: boolean;
  autoStart: string[];
  disableAutoStart: string[];
  error: string | null;
}

export interface StartupPolicyReport {
  sources: StartupPolicySourceRow[];
  diagnostics: StartupPolicyDiagnostic[];
}

export type StartupPolicyOperation = 'add' | 'remove' | 'set';

export interface SetStartupPolicyRequest {
  operation: StartupPolicyOperation;
  names: string[];
  source?: PolicySourceKind | null;
  path?: string | null;
  /**
   * The `source_digest` a preview returned. When given, the write is refused if the file no longer has
   * that content: what the caller approved is exactly what gets changed.
   */
  expectedDigest?: string | null;
  /** Server names known beyond the config files (e.g. manifest entries), so they are not called stale. */
  knownNames?: readonly string[];
}

/** A computed change, not yet written. `text` is the whole new file content when `changed`. */
export interface StartupPolicyPlan {
  ok: boolean;
  source: PolicySourceKind | null;
  path: string | null;
  exists: boolean;
  changed: boolean;
  before: string[];
  after: string[];
  /** `sha256:<hex>` of the bytes read, or `absent` for a file that does not exist yet. */
  digest: string | null;
  /** Permission bits to keep (a new file gets 0600: it may later hold env values). */
  mode: number;
  text: string | null;
  diagnostics: StartupPolicyDiagnostic[];
}

/**
 * What the config tools need beyond GatewayContext. The owner builds it from the core's ConfigStore and
 * locations (see the wiring notes in the report); tests build it from temp folders.
 */
export interface ConfigToolsContext {
  locations: ConfigLocations;
  /** The readouts currently in effect (ConfigStore.config.sources), for config_status attribution. */
  readouts(): SourceReadout[];
  /** Names defined outside the config files (manifest, provisioned); default none. */
  knownServerNames?(): readonly string[];
  /** Where names outside the config files come from, for config_status attribution; default none. */
  serverOrigins?(): ServerOrigins;
}
