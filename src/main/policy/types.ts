// The policy module's public shapes. The file format is the gateway contract §5; everything the gateway
// needs to enforce it (matching, limits, redaction, the fail-closed error) hangs off LoadedPolicy.
import type { CustomPattern } from '../redaction/custom-pattern';
import type { PatternSet } from '../redaction/patterns';

export type PolicySourceKind = 'explicit' | 'user' | 'pmcp' | 'project';

/** Every path the loader looked at, in the order it looked; `used` marks the files that took effect. */
export interface PolicySource {
  path: string;
  kind: PolicySourceKind;
  exists: boolean;
  used: boolean;
}

export interface PolicyLimits {
  max_tools_per_server: number;
  max_output_bytes: number;
  max_output_tokens: number;
  max_binary_bytes: number;
}

export const DEFAULT_LIMITS: Readonly<PolicyLimits> = Object.freeze({
  max_tools_per_server: 100,
  max_output_bytes: 50_000,
  max_output_tokens: 4_000,
  max_binary_bytes: 5_242_880,
});

/** One problem in one file; line and column are 1-based and null when the problem has no place (unreadable file). */
export interface PolicyIssue {
  path: string;
  kind: PolicySourceKind;
  line: number | null;
  column: number | null;
  /** Dotted field path such as `servers.denylist[2]`, null for file-level problems. */
  field: string | null;
  reason: string;
}

export interface PolicyError {
  code: 'E102';
  /** `E102 invalid policy: <file>:<line>:<col>: <reason>` for the first issue (contract §5). */
  message: string;
  /** What to do about it: fix the file, then reload. */
  next_step: string;
  /** Every issue found, first one first; the message quotes issues[0]. */
  issues: PolicyIssue[];
}

/**
 * Which meta-tools tools/list shows. `core` (the default): the few an agent uses every session, so the
 * list costs little context; `full`: all of them. Either way every meta-tool the gateway_tools lists allow
 * stays callable by name, so agents written for the full list keep working.
 */
export type GatewayToolsProfile = 'core' | 'full';

export type ListSection = 'servers' | 'tools' | 'resources' | 'prompts' | 'gateway_tools' | 'packages' | 'relays';

export const LIST_SECTIONS: readonly ListSection[] = ['servers', 'tools', 'resources', 'prompts', 'gateway_tools', 'packages', 'relays'];

export type ExposureMode = 'progressive' | 'pinned' | 'aggregate';

/** The `exposure` section as written (globs not yet compiled); absent parts are empty. */
export interface ExposureSettings {
  mode: ExposureMode | null;
  pinned: string[];
  servers: [string, ExposureMode][];
  clients: [string, ExposureMode][];
}

/** Which downstream tools a client sees directly in tools/list (policy still decides what it may call). */
export interface ExposurePolicy {
  /** The client's mode when its clientInfo name matches `clients`, else the server's from `servers`, else `mode`. */
  modeFor(client: string | null, server: string): ExposureMode;
  /** In pinned mode, the tools listed directly: `server::tool` ids matching `pinned`. */
  pinned(server: string, tool: string): boolean;
  /** True when every client sees only the meta-tools (nothing configured beyond progressive). */
  readonly progressiveOnly: boolean;
}

/** What a server may ask the client for while serving a call. */
export type RelayKind = 'sampling' | 'elicitation' | 'roots';

export interface GlobLists {
  allowlist: string[];
  denylist: string[];
}

/** One validated file: absent sections are empty lists, absent limits are null (no opinion). */
export interface PolicyLayer {
  path: string;
  kind: PolicySourceKind;
  lists: Record<ListSection, GlobLists>;
  limits: { [K in keyof PolicyLimits]: number | null };
  redaction: { patterns: CustomPattern[]; replace_defaults: boolean };
  /** Null when the file has no `exposure` section (and always in a project file, where it is ignored). */
  exposure: ExposureSettings | null;
  /** gateway_tools.profile, or null when the file does not say. */
  gateway_tools_profile: GatewayToolsProfile | null;
}

export type { CustomPattern } from '../redaction/custom-pattern';

/** Why something was refused, ready to become a GatewayError. */
export type PolicyDecision =
  | { allowed: true }
  | { allowed: false; code: 'E102' | 'E401' | 'E402'; message: string; suggestion: string };

export interface OutputBudget {
  /** Tightest text budget in UTF-8 bytes (limits.max_output_bytes). */
  max_bytes: number;
  /** Tightest text budget in characters: min(max_output_chars, limits.max_output_tokens * 4). */
  max_chars: number;
  /** Binary blocks larger than this are withheld (E403). */
  max_binary_bytes: number;
}

export interface LoadPolicyOptions {
  /** `--policy <file>`; wins over GATEHOUSE_POLICY. */
  explicitPath?: string | null;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** Canonical project root, or null outside a project (no narrowing file then). */
  projectRoot: string | null;
  /** Defaults to process.platform; decides the %APPDATA% fallback on Windows. */
  platform?: NodeJS.Platform;
}

/** Every allow/deny question the gateway asks, as booleans and as contract-shaped decisions. */
export interface PolicyDecisions {
  serverAllowed(name: string): boolean;
  /** False when the tool's server is denied too. */
  toolAllowed(server: string, tool: string): boolean;
  resourceAllowed(server: string, uri: string): boolean;
  promptAllowed(server: string, name: string): boolean;
  /** Accepts `gateway.invoke` or `invoke`. */
  gatewayToolAllowed(name: string): boolean;
  /** `npm:name@range` or `pypi:name[spec]`. */
  packageAllowed(spec: string): boolean;
  decideServer(name: string): PolicyDecision;
  decideTool(server: string, tool: string): PolicyDecision;
  decideResource(server: string, uri: string): PolicyDecision;
  decidePrompt(server: string, name: string): PolicyDecision;
  /** Refusals carry the literal `Gateway tool blocked by policy: <name>` (E402), or E102 when the policy is invalid. */
  decideGatewayTool(name: string): PolicyDecision;
  /** May this server's request of `kind` be relayed to the client whose call it serves? */
  decideRelay(server: string, kind: RelayKind): PolicyDecision;
}

export interface LoadedPolicy extends PolicyDecisions {
  sources: PolicySource[];
  error: PolicyError | null;
  /** Non-fatal notes (an ignored duplicate file, a project setting that could only loosen). */
  warnings: string[];
  /** sha256 (hex) of the canonical effective policy; changes exactly when enforcement changes. */
  digest: string;
  limits: PolicyLimits;
  exposure: ExposurePolicy;
  outputBudget(maxOutputChars?: number | null): OutputBudget;
  /**
   * The meta-tools tools/list shows: GATEHOUSE_TOOLS_PROFILE, else the base file's gateway_tools.profile
   * (a project file can only narrow it to core), else core.
   */
  gatewayToolsProfile: GatewayToolsProfile;
  /** The pattern stage of redaction this policy sets (built-ins unless replace_defaults, then custom). */
  patterns: PatternSet;
  /** The pattern stage alone (no secret values): for callers outside the one pipeline, such as tests. */
  redactText(text: string): string;
  redactDeep<T>(value: T): T;
}
