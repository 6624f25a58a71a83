// The version the registry last gave for a package, read from the registry copy search_registry searches
// (registry-copy.json, see registry-copy.ts) and the per-query cache (registry-cache.json, see
// registry-client.ts). register_discovered_server pins an unversioned package
// to it: the exact release the agent saw, without asking npm or PyPI (Gatehouse may be offline).
import { asRecord, readJson } from '../common/json-file';
import { parsePackageSpec } from './package-spec';
import { cacheFile } from './paths';
import { registryBase } from './registry-client';
import { copyPath } from './registry-copy';
import type { DiscoveryContext, PackageRef } from './types';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The newest cached answer of the current registry that names this package with an exact version. */
export function cachedRegistryVersion(ctx: DiscoveryContext, ref: PackageRef): string | null {
  const prefix = `${registryBase(ctx)}|`;
  let newest: { at: number; version: string } | null = null;
  const answers = Object.entries(asRecord(readJson(cacheFile(ctx, 'registry-cache.json')).results))
    .filter(([key]) => key.startsWith(prefix)) // another registry's packages are not this one's
    .map(([, value]) => asRecord(value));
  const copy = readJson(copyPath(ctx));
  if (copy.base === registryBase(ctx)) answers.push({ at: copy.fetched_at, results: copy.servers });
  for (const hit of answers) {
    const at = typeof hit.at === 'number' ? hit.at : 0;
    for (const result of list(hit.results)) {
      const spec = asRecord(result).package;
      const parsed = typeof spec === 'string' ? parsePackageSpec(spec) : null;
      if (!parsed?.ok || parsed.ref.type !== ref.type || parsed.ref.name !== ref.name || !parsed.ref.version) continue;
      if (!newest || at > newest.at) newest = { at, version: parsed.ref.version };
    }
  }
  return newest?.version ?? null;
}
