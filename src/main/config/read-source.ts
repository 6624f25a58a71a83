// Reads one `.mcp.json` source into server definitions plus located issues. Never throws for bad content:
// a malformed file becomes a fatal issue, a bad entry a skipped entry, so the caller can keep serving.
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import type { ConfigSourceKind } from '../../shared/domain';
import { readProjectFile, readRegularFile, type ReadResult } from '../common/read-file';
import { serverNameProblem } from '../common/server-name';
import { locatePath, parseJsonWithLocations } from './json-locate';
import { PythonEntrySchema, pythonServerSpec } from '../runtime/python-entry';
import { readConfinement } from './confinement-entry';
import { readOAuthClient } from './oauth-client-entry';
import { ConfigFileSchema, RemoteEntrySchema, StdioEntrySchema, StringMap, type RemoteEntry } from './schema';
import type { RemoteAuthMetadata, SourceDefinition, SourceReadout } from './types';
import { sha256 } from '../trust/store';

export interface ReadSourceOptions {
  source: ConfigSourceKind;
  path: string;
  /** Working directory for stdio servers that do not name one. */
  defaultCwd: string;
  /**
   * Bytes (or text) to use instead of reading `path`: the embedded default config, or bytes a caller
   * already read and hashed (a trust review parses exactly the bytes it shows the digest of).
   */
  text?: string | Buffer;
}

/**
 * A project's file is read only as a regular file at its place in the project (no link, no linked
 * folder); the user's own files may be links to a regular file. Both are size-capped, and neither read
 * can block on a FIFO or a device.
 */
export function readConfigBytes(source: ConfigSourceKind, path: string): ReadResult {
  return source === 'project' ? readProjectFile(dirname(path), basename(path)) : readRegularFile(path, { followSymlink: true });
}

export function readSource(options: ReadSourceOptions): SourceReadout {
  const { source, path } = options;
  const readout: SourceReadout = {
    source,
    path,
    exists: true,
    servers: new Map(),
    autoStart: [],
    disableAutoStart: [],
    issues: [],
    fatal: false,
    sha256: null,
  };
  const issue = (message: string, field: string | null, at: { line: number; column: number } | null): void => {
    readout.issues.push({ source, path, line: at?.line ?? null, column: at?.column ?? null, field, message });
  };

  // Trust is by the file's exact bytes (not its decoded text, which differs for invalid UTF-8): the bytes
  // read here are the ones hashed and the ones parsed.
  let bytes: string | Buffer;
  if (options.text !== undefined) bytes = options.text;
  else {
    const read = readConfigBytes(source, path);
    if (!read.ok) {
      if (read.code === 'missing') {
        readout.exists = false;
        return readout;
      }
      readout.fatal = true;
      issue(read.reason, null, null);
      return readout;
    }
    bytes = read.bytes;
  }

  readout.sha256 = sha256(bytes);
  const text = bytes.toString();
  const parsed = parseJsonWithLocations(text);
  if (parsed.error) {
    readout.fatal = true;
    issue(`${parsed.error.message}; fix the file and Gatehouse reloads it`, null, parsed.error);
    return readout;
  }
  const top = ConfigFileSchema.safeParse(parsed.value);
  if (!top.success) {
    readout.fatal = true;
    for (const problem of top.error.issues) {
      issue(problem.message, fieldName(problem.path), locatePath(text, parsed.tree, toPath(problem.path)));
    }
    return readout;
  }
  readout.autoStart = top.data.autoStart;
  readout.disableAutoStart = top.data.disableAutoStart;

  const baseDir = dirname(path);
  // Read entries from the parsed JSON, not the schema's copy: a "__proto__" key would vanish there.
  const entries = Object.entries((parsed.value as { mcpServers?: Record<string, unknown> }).mcpServers ?? {});
  for (const [name, raw] of entries) {
    const where = (sub: (string | number)[]) => locatePath(text, parsed.tree, ['mcpServers', name, ...sub]);
    const problem = serverNameProblem(name);
    if (problem) {
      issue(`server name "${name}" is invalid: ${problem}; rename the entry`, `mcpServers.${name}`, where([]));
      continue;
    }
    const entry = toDefinition(name, raw, { ...options, baseDir });
    if ('problems' in entry) {
      for (const problem of entry.problems) {
        issue(`server "${name}": ${problem.message}`, fieldName(['mcpServers', name, ...problem.path]), where(toPath(problem.path)));
      }
      continue;
    }
    readout.servers.set(name, entry);
  }
  return readout;
}

type Problem = { message: string; path: PropertyKey[] };
type Definition = SourceDefinition;

function toDefinition(
  name: string,
  raw: unknown,
  options: ReadSourceOptions & { baseDir: string },
): Definition | { problems: Problem[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problems: [{ message: 'an entry must be an object with "command" or "url"', path: [] }] };
  }
  // `"gatehouse": {"index": false}`: the entry opts out of background indexing (any transport).
  const index = (raw as { gatehouse?: { index?: unknown } }).gatehouse?.index;
  if (index !== undefined && typeof index !== 'boolean') return { problems: [{ message: 'gatehouse.index must be true or false', path: ['gatehouse', 'index'] }] };
  const base = { name, source: options.source, sourcePath: options.source === 'default' ? null : options.path, ...(index === false && { index: false as const }) };
  if ('url' in raw) {
    const remote = RemoteEntrySchema.safeParse(raw);
    if (!remote.success) return { problems: remote.error.issues };
    // A url without a type means Streamable HTTP (PMCP defaulted to legacy SSE, which new servers lack);
    // only such a guess may fall back to SSE, never a type the operator stated.
    const transport = remote.data.type === 'sse' ? 'sse' : 'http';
    const inferred = remote.data.type === undefined || remote.data.type === 'remote';
    // `"gatehouse": {"oauth": {...}}`: a pre-registered OAuth client (validated here, located on error).
    const oauthRaw = (raw as { gatehouse?: { oauth?: unknown } }).gatehouse?.oauth;
    const oauth = oauthRaw === undefined ? null : readOAuthClient(oauthRaw);
    if (oauth && 'problems' in oauth) return { problems: oauth.problems };
    const declared = remoteAuthMetadata(remote.data);
    const auth = oauth ? { ...declared, preregisteredClient: oauth.client } : declared;
    return {
      ...base,
      transport,
      ...(inferred ? { transportInferred: true } : {}),
      url: remote.data.url,
      headers: remote.data.headers,
      ...(auth ? { auth } : {}),
    };
  }
  if ((raw as { gatehouse?: { oauth?: unknown } }).gatehouse?.oauth !== undefined) {
    return { problems: [{ message: 'gatehouse.oauth applies to remote servers (an entry with "url"); a stdio server takes its credentials from ${NAME} in env', path: ['gatehouse', 'oauth'] }] };
  }
  // `"gatehouse": {"confinement": {...}}`: what a stdio child may touch (validated here, located on error).
  const confinementRaw = (raw as { gatehouse?: { confinement?: unknown } }).gatehouse?.confinement;
  const confinement = confinementRaw === undefined ? null : readConfinement(confinementRaw, options.source, options.baseDir);
  if (confinement && 'problems' in confinement) return { problems: confinement.problems };
  const confined = confinement ? { confinement: confinement.settings } : {};
  const python = (raw as { gatehouse?: { python?: unknown } }).gatehouse?.python;
  if (python !== undefined) {
    const entry = PythonEntrySchema.safeParse(python);
    if (!entry.success) return { problems: entry.error.issues.map((issue) => ({ ...issue, path: ['gatehouse', 'python', ...issue.path] })) };
    const env = StringMap.safeParse((raw as { env?: unknown }).env ?? {});
    if (!env.success) return { problems: env.error.issues.map((issue) => ({ ...issue, path: ['env', ...issue.path] })) };
    const spec = pythonServerSpec(name, entry.data, env.data, options.baseDir);
    // command/args are what other clients run; Gatehouse builds the uv argv itself at launch.
    return { ...base, transport: 'stdio', command: 'uv', args: ['run', '--script', spec.script], env: env.data, cwd: spec.root, python: spec, ...confined };
  }
  if (!('command' in raw)) {
    return { problems: [{ message: 'an entry needs "command" (stdio) or "url" (remote)', path: [] }] };
  }
  const stdio = StdioEntrySchema.safeParse(raw);
  if (!stdio.success) return { problems: stdio.error.issues };
  const { command, args, env, cwd } = stdio.data;
  // Relative paths are relative to the file that says them, never to wherever Gatehouse was started.
  const resolvedCommand = command.includes('/') && !isAbsolute(command) ? resolve(options.baseDir, command) : command;
  const resolvedCwd = cwd ? resolve(options.baseDir, cwd) : options.defaultCwd;
  return { ...base, transport: 'stdio', command: resolvedCommand, args, env, cwd: resolvedCwd, ...(cwd ? { cwdDeclared: true } : {}), ...confined };
}

/** The §4.2 auth fields an entry states, under the definition's names; undefined when it states none. */
function remoteAuthMetadata(entry: RemoteEntry): RemoteAuthMetadata | undefined {
  const auth: RemoteAuthMetadata = {
    protectedResourceMetadataUrl: entry.protected_resource_metadata_url,
    authorizationServerMetadataUrl: entry.authorization_server_metadata_url,
    oidcIssuerUrl: entry.oidc_issuer_url,
    oidcDiscoveryUrl: entry.oidc_discovery_url,
    clientIdMetadataDocumentUrl: entry.client_id_metadata_document_url,
    declaredScopes: entry.declared_scopes,
    supportsUrlElicitation: entry.supports_url_elicitation,
  };
  const stated = Object.entries(auth).filter(([, value]) => value !== undefined);
  return stated.length ? (Object.fromEntries(stated) as RemoteAuthMetadata) : undefined;
}

function toPath(path: PropertyKey[]): (string | number)[] {
  return path.filter((key): key is string | number => typeof key !== 'symbol');
}

function fieldName(path: PropertyKey[]): string | null {
  const parts = toPath(path);
  return parts.length ? parts.join('.') : null;
}
