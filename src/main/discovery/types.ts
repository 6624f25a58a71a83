// What the discovery tools need from the core, and the shapes the manifest and the stores share.

/**
 * What provisioning needs of the gateway it runs in: the redaction pipeline, a reload that lets the
 * supervisor pick up a newly provisioned server, and that server once loaded. The gateway's own context
 * is one; discovery never reaches into the gateway for more.
 */
export interface DiscoveryHost {
  redact<T>(value: T): T;
  reload(): Promise<unknown>;
  supervisor: {
    get(name: string): { ensureConnected(options?: { manual?: boolean }): Promise<unknown>; readonly tools: readonly { name: string }[] } | undefined;
  };
}

export interface DiscoveryContext {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** Canonical project root, or null outside a project (then no project overlay is read). */
  projectRoot: string | null;
  /** $XDG_STATE_HOME/gatehouse: provisioned.json, discovered.json, trust.json, discovery-log.jsonl. */
  stateDir: string;
  /** $XDG_CACHE_HOME/gatehouse: cli-probe.json, registry-cache.json. */
  cacheDir: string;
  log: (line: string) => void;
  /** $XDG_CONFIG_HOME/gatehouse (the user manifest overlay); derived from env when absent. */
  configDir?: string;
  /** The built-in manifest; found beside the app (resources/manifest.yaml) when absent. */
  builtinManifestPath?: string;
  /**
   * Makes the provisioned servers known to the supervisor. The default calls gateway.reload(), which
   * works once the core merges provisionedDefinitions() into what it hands supervisor.apply().
   */
  activate?: (host: DiscoveryHost) => Promise<void>;
  /** Whether a credential name resolves (process env, then keychain); default: the process env only. */
  credentialAvailable?: (name: string) => Promise<boolean>;
  /** Install jobs are killed after this long without output (contract: 120 s). */
  installIdleTimeoutMs?: number;
}

export type PackageType = 'npm' | 'pypi';

export interface PackageRef {
  type: PackageType;
  name: string;
  /** Exact version, or null for "latest at install time" (such an entry may be updated). */
  version: string | null;
  /** The executable, when it is not named like the package (the manifest's `package.bin`). */
  bin?: string;
}

export interface CliEntry {
  name: string;
  description: string;
  keywords: string[];
  check_command: string[];
  help_command: string[];
  examples: string[];
  prefer_mcp_for: string[];
}

export interface CategoryEntry {
  name: string;
  description: string;
  keywords: string[];
}

export interface ManifestServer {
  name: string;
  description: string;
  category: string | null;
  keywords: string[];
  transport: 'stdio' | 'http' | 'sse';
  package: PackageRef | null;
  /** Extra arguments after the package; `{project}` and `{home}` are expanded when defined. */
  args: string[];
  url: string | null;
  /** Required credential or setting names; the server is not started without them. */
  env_vars: string[];
  /** Names the server reads when they are set. */
  optional_env_vars: string[];
  /** Name → where to get it (a URL or a sentence), for the names the manifest says so for. */
  env_help: Record<string, string>;
  env_instructions: string | null;
  auth: 'api_key' | 'oauth' | 'none';
  homepage: string | null;
  /** The registry version and day scripts/verify-manifest.mjs last confirmed; null when it cannot (remote-only). */
  verified: { version: string; date: string } | null;
  verified_note: string | null;
  /** Where the entry came from: builtin, user or project (the file path is kept for messages). */
  origin: 'builtin' | 'user' | 'project';
  path: string;
}

export interface Manifest {
  servers: Map<string, ManifestServer>;
  clis: Map<string, CliEntry>;
  categories: Map<string, CategoryEntry>;
  /** `file:line: reason` for every problem found; a file that fails validation is skipped whole. */
  issues: string[];
}
