import type { ConfigIssue, ConfigSourceKind, StartupPolicy } from '../../shared/domain';
import type { ConfinementSettings } from '../common/confinement/profile';
import type { PythonServerSpec } from '../runtime/python-entry';
import type { TrustVerdict } from '../trust/verdict';

interface ServerDefinitionBase {
  name: string;
  source: ConfigSourceKind;
  /** The file that defined it; null for the embedded default. */
  sourcePath: string | null;
  startupPolicy: StartupPolicy;
  /**
   * Set when the defining project file is not approved (or changed since): the server is listed so the
   * operator sees it, but it never starts (E404) until the file's bytes are approved.
   */
  untrusted?: { path: string; sha256: string; state: 'changed' | 'not_approved' };
  /** Set for a server that no config file defines but provisioned.json does. */
  origin?: 'provisioned';
  /** `"gatehouse": {"index": false}`: never started in the background just to list its tools. */
  index?: false;
}

export interface StdioServerDefinition extends ServerDefinitionBase {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Values may still hold `${VAR}` references; they are resolved when the child is spawned. */
  env: Record<string, string>;
  cwd: string;
  /** Set when the entry names a Python script (`gatehouse.python`): launched through `uv run --script`. */
  python?: PythonServerSpec;
  /** `"gatehouse": {"confinement": {...}}` as the entry states it (absent: the defaults). */
  confinement?: ConfinementSettings;
  /** The entry named its `cwd` (a confined server then sees it, read-only at least). */
  cwdDeclared?: boolean;
}

/**
 * What a remote entry declares about its authorization (contract §4.2). Reported back in auth fields
 * when the server refuses a connection; Gatehouse never fetches these URLs itself.
 */
export interface RemoteAuthMetadata {
  protectedResourceMetadataUrl?: string;
  authorizationServerMetadataUrl?: string;
  oidcIssuerUrl?: string;
  oidcDiscoveryUrl?: string;
  clientIdMetadataDocumentUrl?: string;
  declaredScopes?: string[];
  supportsUrlElicitation?: boolean;
  /** `gatehouse.oauth`: a client registered beforehand; Gatehouse signs in as it instead of registering. */
  preregisteredClient?: PreregisteredClient;
}

/** An OAuth client the operator registered with the authorization server themselves. */
export interface PreregisteredClient {
  clientId: string;
  /** The variable holding the client secret (resolved from the environment or the keychain); none for a public client. */
  clientSecretVariable?: string;
}

export interface RemoteServerDefinition extends ServerDefinitionBase {
  transport: 'http' | 'sse';
  /**
   * True when the entry named no type (or legacy "remote"): Streamable HTTP is assumed, and a server that
   * answers its first POST with a 4xx is retried once over legacy SSE (the MCP spec's compatibility probe).
   */
  transportInferred?: boolean;
  url: string;
  headers: Record<string, string>;
  /** Absent when the entry declares none of the §4.2 auth fields. */
  auth?: RemoteAuthMetadata;
}

export type ServerDefinition = StdioServerDefinition | RemoteServerDefinition;

/** A definition as one file states it; the startup policy is known only after all files merge. */
export type SourceDefinition = Omit<StdioServerDefinition, 'startupPolicy'> | Omit<RemoteServerDefinition, 'startupPolicy'>;

/** One config file as read: its servers and its problems (a file with problems keeps its good entries). */
export interface SourceReadout {
  source: ConfigSourceKind;
  path: string | null;
  exists: boolean;
  servers: Map<string, SourceDefinition>;
  autoStart: string[];
  disableAutoStart: string[];
  issues: ConfigIssue[];
  /** True when the file as a whole could not be used (unreadable, not JSON, wrong top-level shape). */
  fatal: boolean;
  /** SHA-256 of the bytes read (null when nothing was read). */
  sha256: string | null;
  /**
   * Project files only: whether the operator approved these bytes. An unapproved file's entries sit in
   * `withheld` (listed, never started) and its `servers`, `autoStart` and `disableAutoStart` are empty.
   */
  trust?: TrustVerdict;
  withheld?: Map<string, SourceDefinition>;
  /** Entries that are Gatehouse itself (contract §4.1), skipped, with why. */
  selfReferences?: { name: string; reason: string }[];
}

export interface EffectiveConfig {
  servers: Map<string, ServerDefinition>;
  sources: SourceReadout[];
  issues: ConfigIssue[];
}
