// provisioned.json: the servers provisioning made usable, so they survive a restart and reach the
// supervisor through the same path as configured ones (PMCP's hand-off broke here). The core merges
// provisionedDefinitions() under the configured servers: a configured entry of the same name wins.
import { serverNameProblem } from '../common/server-name';
import type { ServerDefinition } from '../config/types';
import { asRecord, readJson, updateJson } from '../common/json-file';
import { isExactVersion, parsePackageSpec, runCommand } from './package-spec';
import { stateFile } from './paths';
import type { DiscoveryContext, PackageRef } from './types';

export interface ProvisionedEntry {
  name: string;
  origin: 'manifest' | 'discovered';
  transport: 'stdio' | 'http' | 'sse';
  package: PackageRef | null;
  args: string[];
  url: string | null;
  /** The credential variable (contract §4.4: name → credential variable); env_vars lists all of them. */
  env_var: string | null;
  env_vars: string[];
  provisioned_at: string;
  /**
   * The exact version the install job fetched for an unpinned package: the server runs this one (not
   * whatever "latest" is at the next start) until update_server moves it; null for pins and remotes.
   */
  installed_version?: string | null;
}

const FILE = 'provisioned.json';

function parseEntry(name: string, raw: unknown): ProvisionedEntry | null {
  const r = asRecord(raw);
  const pkg = asRecord(r.package);
  let ref: PackageRef | null = null;
  if (typeof pkg.name === 'string') {
    const spec = parsePackageSpec(`${pkg.type === 'pypi' ? 'pypi:' : ''}${pkg.name}${typeof pkg.version === 'string' ? `@${pkg.version}` : ''}`);
    if (!spec.ok) return null; // a hand-edited bad name never reaches an argv
    ref = typeof pkg.bin === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(pkg.bin) ? { ...spec.ref, bin: pkg.bin } : spec.ref;
  }
  const transport = r.transport === 'http' || r.transport === 'sse' ? r.transport : 'stdio';
  if (transport === 'stdio' ? !ref : typeof r.url !== 'string') return null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    name,
    origin: r.origin === 'discovered' ? 'discovered' : 'manifest',
    transport,
    package: ref,
    args: strings(r.args),
    url: typeof r.url === 'string' ? r.url : null,
    env_var: typeof r.env_var === 'string' ? r.env_var : null,
    env_vars: strings(r.env_vars).filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)),
    provisioned_at: typeof r.provisioned_at === 'string' ? r.provisioned_at : '',
    installed_version: typeof r.installed_version === 'string' && ref && isExactVersion(ref.type, r.installed_version) ? r.installed_version : null,
  };
}

export function readProvisioned(ctx: DiscoveryContext): Map<string, ProvisionedEntry> {
  const servers = asRecord(readJson(stateFile(ctx, FILE), ctx.log).servers);
  const out = new Map<string, ProvisionedEntry>();
  for (const [name, raw] of Object.entries(servers)) {
    // A hand-edited name is checked like any other: it becomes a server, a tool id prefix and maybe a folder.
    const problem = serverNameProblem(name);
    const entry = problem ? null : parseEntry(name, raw);
    if (entry) out.set(name, entry);
    else ctx.log(`${stateFile(ctx, FILE)}: servers.${name} is invalid${problem ? ` (${problem})` : ''} and was skipped; provision it again`);
  }
  return out;
}

export function saveProvisioned(ctx: DiscoveryContext, entry: ProvisionedEntry): void {
  const servers = { ...asRecord(readJson(stateFile(ctx, FILE), ctx.log).servers), [entry.name]: entry };
  updateJson(stateFile(ctx, FILE), 'servers', servers, ctx.log);
}

export function removeProvisioned(ctx: DiscoveryContext, name: string): void {
  const servers = { ...asRecord(readJson(stateFile(ctx, FILE), ctx.log).servers) };
  delete servers[name];
  updateJson(stateFile(ctx, FILE), 'servers', servers, ctx.log);
}

export function toDefinition(ctx: DiscoveryContext, entry: ProvisionedEntry): ServerDefinition {
  const base = { name: entry.name, source: 'user' as const, sourcePath: stateFile(ctx, FILE), startupPolicy: 'lazy' as const, origin: 'provisioned' as const };
  const refs = Object.fromEntries(entry.env_vars.map((n) => [n, `\${${n}}`]));
  if (entry.transport !== 'stdio' && entry.url) {
    return { ...base, transport: entry.transport, url: entry.url, headers: {} };
  }
  const pkg = entry.package as PackageRef;
  const run = runCommand(pkg.version || !entry.installed_version ? pkg : { ...pkg, version: entry.installed_version });
  const cwd = ctx.projectRoot ?? ctx.homeDir;
  const args = entry.args.map((a) => a.replaceAll('{project}', cwd).replaceAll('{home}', ctx.homeDir));
  return { ...base, transport: 'stdio', command: run.command, args: [...run.args, ...args], env: refs, cwd };
}

/** What the core adds to the supervisor's definitions (see src/main/discovery/index.ts). */
export function provisionedDefinitions(ctx: DiscoveryContext): ServerDefinition[] {
  return [...readProvisioned(ctx).values()].map((entry) => toDefinition(ctx, entry));
}
