// Discovers the config sources and merges them with attribution: project over user over an explicit
// --config file. The embedded default applies only when no source file exists, so a first run works
// with zero setup and a real config is never mixed with the demo.
import { join, resolve } from 'node:path';
import type { ConfigIssue } from '../../shared/domain';
import defaultConfig from '../../../resources/default-config.json';
import { readSource } from './read-source';
import { trustVerdict } from '../trust/verdict';
import { DEFAULT_PORT } from '../common/listen';
import { selfReference } from './self-reference';
import type { EffectiveConfig, ServerDefinition, SourceReadout } from './types';

export interface ConfigLocations {
  projectRoot: string | null;
  homeDir: string;
  configPath: string | null;
  /** Where trust.json lives: a project file counts only once its bytes are approved there (§4.5). */
  stateDir: string;
  /** Ports a local Gatehouse listens on: a loopback url with one of them is Gatehouse itself (§4.1). */
  selfPorts?: readonly number[];
}

export const DEFAULT_CONFIG_LABEL = '(embedded default)';

export function sourcePaths(locations: ConfigLocations): { source: 'project' | 'user' | 'custom'; path: string }[] {
  const paths: { source: 'project' | 'user' | 'custom'; path: string }[] = [];
  if (locations.projectRoot) paths.push({ source: 'project', path: join(locations.projectRoot, '.mcp.json') });
  paths.push({ source: 'user', path: join(locations.homeDir, '.mcp.json') });
  paths.push({ source: 'user', path: join(locations.homeDir, '.claude', '.mcp.json') });
  if (locations.configPath) paths.push({ source: 'custom', path: resolve(locations.configPath) });
  return paths;
}

export function readAllSources(locations: ConfigLocations): SourceReadout[] {
  const defaultCwd = locations.projectRoot ?? locations.homeDir;
  const readouts = sourcePaths(locations).map(({ source, path }) => {
    const readout = withoutSelf(readSource({ source, path, defaultCwd }), new Set(locations.selfPorts ?? [DEFAULT_PORT]));
    return source === 'project' ? withTrust(readout, locations.stateDir) : readout;
  });
  const custom = readouts.find((r) => r.source === 'custom');
  if (custom && !custom.exists) {
    // An explicit --config is a promise from the operator: a missing file is an error, not a skip.
    custom.fatal = true;
    custom.issues.push({
      source: 'custom',
      path: custom.path ?? '',
      line: null,
      column: null,
      field: null,
      message: 'the file named by --config (or GATEHOUSE_CONFIG) does not exist; create it or fix the path',
    });
  }
  if (!readouts.some((r) => r.exists)) {
    readouts.push(
      readSource({
        source: 'default',
        path: DEFAULT_CONFIG_LABEL,
        defaultCwd,
        text: JSON.stringify(defaultConfig),
      }),
    );
  }
  return readouts;
}

/**
 * The servers the user's own files define (~/.mcp.json, ~/.claude/.mcp.json, --config), each with the file
 * whose entry is in effect (first wins, as in the merge): what a project entry of the same name would
 * replace once the project file is approved.
 */
export function userServersOf(readouts: readonly SourceReadout[]): Map<string, { source: 'user' | 'custom'; path: string }> {
  const out = new Map<string, { source: 'user' | 'custom'; path: string }>();
  for (const readout of readouts) {
    if ((readout.source !== 'user' && readout.source !== 'custom') || !readout.path) continue;
    for (const name of readout.servers.keys()) if (!out.has(name)) out.set(name, { source: readout.source, path: readout.path });
  }
  return out;
}

/** The user's own servers as `userServersOf` gives them, read from the files (for the CLI, which has no store). */
export function readUserServers(locations: Pick<ConfigLocations, 'homeDir' | 'configPath'>): Map<string, { source: 'user' | 'custom'; path: string }> {
  const defaultCwd = locations.homeDir;
  const readouts = sourcePaths({ ...locations, projectRoot: null, stateDir: '' })
    .filter(({ source }) => source !== 'project')
    .map(({ source, path }) => readSource({ source, path, defaultCwd }));
  return userServersOf(readouts);
}

/** Moves entries that are Gatehouse itself out of the servers, keeping why for the operator. */
function withoutSelf(readout: SourceReadout, selfPorts: ReadonlySet<number>): SourceReadout {
  const selfReferences: { name: string; reason: string }[] = [];
  for (const [name, definition] of readout.servers) {
    const reason = selfReference(definition, selfPorts);
    if (!reason) continue;
    selfReferences.push({ name, reason });
    readout.servers.delete(name);
  }
  return selfReferences.length ? { ...readout, selfReferences } : readout;
}

/** The line a first run gets: no config file was found, so the demo config is what runs. */
export function defaultConfigLine(config: EffectiveConfig, locations: ConfigLocations): string | null {
  if (!config.sources.some((readout) => readout.source === 'default')) return null;
  const looked = sourcePaths(locations).map(({ path }) => path).join(', ');
  const servers = [...config.servers.keys()].join(', ');
  return `config: no config file found (looked for ${looked}); using the embedded demo config (${servers}). Add your own servers to ~/.mcp.json or a project's .mcp.json, and the demo goes away`;
}

/** Log lines for skipped self-references: the entry is left alone, and nothing loops. */
export function selfReferenceLines(config: EffectiveConfig): string[] {
  return config.sources.flatMap((readout) =>
    (readout.selfReferences ?? []).map(({ name, reason }) => `config: ${readout.path}: server "${name}" is Gatehouse itself (${reason}); skipped — Gatehouse never starts itself`),
  );
}

/**
 * A project file counts only once the operator approved its exact bytes. Until then its entries are
 * withheld: listed (so the operator sees what is waiting), never started, shadowing nothing, and its
 * autoStart lists are ignored.
 */
function withTrust(readout: SourceReadout, stateDir: string): SourceReadout {
  if (!readout.sha256) return readout;
  const trust = trustVerdict(stateDir, readout.path ?? '', readout.sha256);
  if (trust.state === 'approved') return { ...readout, trust };
  return { ...readout, trust, withheld: readout.servers, servers: new Map(), autoStart: [], disableAutoStart: [] };
}

/**
 * A project readout kept from before (its file now reads badly) is held to today's approvals: a revoke
 * made while the file is broken or swapped for a link stops its servers at once instead of waiting for
 * the file to read cleanly again.
 */
export function recheckTrust(readout: SourceReadout, stateDir: string): SourceReadout {
  if (readout.source !== 'project' || !readout.sha256 || readout.trust?.state !== 'approved') return readout;
  const trust = trustVerdict(stateDir, readout.path ?? '', readout.sha256);
  // Only a withdrawn approval stops them: an approval of newer bytes (which do not read) supersedes the
  // old one without revoking the file, and keeping the last good entries is what a typo should get.
  return trust.state === 'not_approved' ? withTrust({ ...readout, trust: undefined }, stateDir) : readout;
}

/**
 * Merges readouts (already in rank order). The first source that defines a name wins. `knownNames` (servers
 * defined outside the config files) is asked only when an autoStart entry names no configured server: it
 * parses the discovery manifest, which would otherwise sit on every start's critical path.
 */
export function mergeSources(readouts: SourceReadout[], knownNames: () => ReadonlySet<string> = () => new Set()): EffectiveConfig {
  const autoStart = new Set(readouts.flatMap((r) => r.autoStart));
  const disabled = new Set(readouts.flatMap((r) => r.disableAutoStart));
  const servers = new Map<string, ServerDefinition>();
  for (const readout of readouts) {
    for (const [name, definition] of readout.servers) {
      if (servers.has(name)) continue;
      // disableAutoStart always wins: an operator who turned a server off means it.
      const startupPolicy = autoStart.has(name) && !disabled.has(name) ? 'eager' : 'lazy';
      servers.set(name, { ...definition, startupPolicy } as ServerDefinition);
    }
  }
  for (const readout of readouts) {
    const { trust, withheld } = readout;
    if (!trust || trust.state === 'approved' || !withheld) continue;
    const untrusted = { path: readout.path ?? '', sha256: trust.sha256, state: trust.state };
    for (const [name, definition] of withheld) {
      // A trusted definition of the same name is used instead; an untrusted one only fills a gap.
      if (!servers.has(name)) servers.set(name, { ...definition, startupPolicy: 'lazy', untrusted } as ServerDefinition);
    }
  }
  const issues: ConfigIssue[] = readouts.flatMap((r) => r.issues);
  let known: ReadonlySet<string> | undefined;
  for (const name of autoStart) {
    if (servers.has(name)) continue;
    known ??= knownNames();
    if (!known.has(name)) {
      const from = readouts.find((r) => r.autoStart.includes(name));
      issues.push({
        source: from?.source ?? 'user',
        path: from?.path ?? '',
        line: null,
        column: null,
        field: 'autoStart',
        message: `autoStart names "${name}", which no config source defines; remove it or add the server`,
      });
    }
  }
  return { servers: new Map([...servers].sort(([a], [b]) => a.localeCompare(b))), sources: readouts, issues };
}

export function formatIssue(issue: ConfigIssue): string {
  const where = issue.line ? `${issue.path}:${issue.line}:${issue.column ?? 1}` : issue.path;
  const field = issue.field ? ` (${issue.field})` : '';
  return `E101 config: ${where}${field}: ${issue.message}`;
}
