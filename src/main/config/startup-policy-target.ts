// Picks the one file a startup-policy change goes to. Only files Gatehouse already reads as config
// sources qualify: an MCP tool must not become a way to write JSON anywhere on disk. When the choice is
// not obvious the answer is `ambiguous_source` with the candidates, never a guess.
import { isAbsolute, join, resolve } from 'node:path';
import { present } from '../common/file-presence';
import { sourcePaths, type ConfigLocations } from './load';
import type { PolicySourceKind, StartupPolicyDiagnostic } from './startup-policy-types';

export type TargetChoice =
  | { ok: true; source: PolicySourceKind; path: string }
  | { ok: false; diagnostic: StartupPolicyDiagnostic };

function error(code: 'ambiguous_source' | 'invalid_source', message: string, source: PolicySourceKind | null = null, path: string | null = null): TargetChoice {
  return { ok: false, diagnostic: { code, message, source, path, server_name: null, line: null, severity: 'error', error_code: null } };
}

/** `~/x` and relative paths, read the way an operator types them. */
function expand(path: string, locations: ConfigLocations): string {
  if (path === '~' || path.startsWith('~/')) return join(locations.homeDir, path.slice(1));
  return isAbsolute(path) ? resolve(path) : resolve(locations.projectRoot ?? locations.homeDir, path);
}

export function chooseTarget(locations: ConfigLocations, wanted: { source?: PolicySourceKind | null; path?: string | null }): TargetChoice {
  const candidates = sourcePaths(locations);
  const listing = candidates.map((c) => `${c.source}: ${c.path}`).join('; ');

  if (wanted.path) {
    const path = expand(wanted.path, locations);
    const match = candidates.find((c) => c.path === path);
    if (!match) {
      return error('invalid_source', `${path} is not a config source Gatehouse reads, so it will not write it. Sources: ${listing}.`, wanted.source ?? null, path);
    }
    if (wanted.source && wanted.source !== match.source) {
      return error('ambiguous_source', `path ${path} is the ${match.source} source, but source="${wanted.source}" was also given; pass only one of them.`, wanted.source, path);
    }
    return { ok: true, source: match.source, path };
  }

  if (wanted.source) {
    const ofKind = candidates.filter((c) => c.source === wanted.source);
    if (!ofKind.length) {
      const why =
        wanted.source === 'project'
          ? 'no project folder is known (start Gatehouse inside the project or pass --project)'
          : 'no --config file (or GATEHOUSE_CONFIG) is set';
      return error('invalid_source', `source "${wanted.source}" is not available: ${why}.`, wanted.source);
    }
    const existing = ofKind.filter((c) => present(c.path));
    if (existing.length > 1) {
      return error('ambiguous_source', `source "${wanted.source}" has ${existing.length} files (${existing.map((c) => c.path).join(', ')}); pass path to pick one.`, wanted.source);
    }
    // One file of that kind: it. None yet: the first location of that kind, created on apply.
    const chosen = existing[0] ?? ofKind[0];
    return chosen ? { ok: true, source: chosen.source, path: chosen.path } : error('invalid_source', `source "${wanted.source}" is not available.`);
  }

  const existing = candidates.filter((c) => present(c.path));
  const only = existing.length === 1 ? existing[0] : undefined;
  if (only) return { ok: true, source: only.source, path: only.path };
  return error('ambiguous_source', `pass source ("project", "user" or "custom") or path to say which file to change; ${existing.length ? `${existing.length} sources exist` : 'no source file exists yet'}. Sources: ${listing}.`);
}
