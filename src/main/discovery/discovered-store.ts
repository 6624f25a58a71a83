// discovered.json: registry results an agent registered (contract §2.5). Persisted (PMCP kept them in
// memory), always pinned to an exact version; registering never approves: provisioning one needs
// `gatehouse trust approve-package` or a packages.allowlist entry.
import { serverNameProblem } from '../common/server-name';
import { asRecord, readJson, updateJson } from '../common/json-file';
import { parsePackageSpec } from './package-spec';
import { stateFile } from './paths';
import type { DiscoveryContext, PackageRef } from './types';

export interface DiscoveredEntry {
  server_name: string;
  package: PackageRef & { version: string };
  env_vars: string[];
  description: string | null;
  registered_at: string;
}

const FILE = 'discovered.json';

export function readDiscovered(ctx: DiscoveryContext): Map<string, DiscoveredEntry> {
  const servers = asRecord(readJson(stateFile(ctx, FILE), ctx.log).servers);
  const out = new Map<string, DiscoveredEntry>();
  for (const [name, raw] of Object.entries(servers)) {
    const r = asRecord(raw);
    const pkg = asRecord(r.package);
    const spec = parsePackageSpec(`${pkg.type === 'pypi' ? 'pypi:' : ''}${String(pkg.name)}@${String(pkg.version)}`);
    const problem = serverNameProblem(name);
    if (problem || !spec.ok || !spec.ref.version) {
      ctx.log(`${stateFile(ctx, FILE)}: servers.${name} is invalid${problem ? ` (${problem})` : ''} and was skipped; register it again`);
      continue;
    }
    const envVars = Array.isArray(r.env_vars) ? r.env_vars.filter((v): v is string => typeof v === 'string') : [];
    out.set(name, {
      server_name: name,
      package: { ...spec.ref, version: spec.ref.version },
      env_vars: envVars,
      description: typeof r.description === 'string' ? r.description : null,
      registered_at: typeof r.registered_at === 'string' ? r.registered_at : '',
    });
  }
  return out;
}

export function saveDiscovered(ctx: DiscoveryContext, entry: DiscoveredEntry): void {
  const servers = { ...asRecord(readJson(stateFile(ctx, FILE), ctx.log).servers), [entry.server_name]: entry };
  updateJson(stateFile(ctx, FILE), 'servers', servers, ctx.log);
}
