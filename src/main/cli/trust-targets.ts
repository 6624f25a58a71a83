// Which files `gatehouse trust approve|revoke FILE…` may act on: only a project's trust-gated files
// (<root>/.mcp.json and <root>/.gatehouse/manifest.yaml). Anything else is refused by name, so the
// command can never mark an arbitrary file as trusted. Paths are compared by the key trust.json uses (the
// project root's real path and the file's place in it), so `./.mcp.json`, an absolute path or a project
// reached through a symlinked folder all name the same file; a link at the file itself is not followed.
import { dirname, resolve } from 'node:path';
import { projectPlace } from '../trust/place';
import { projectTrustFiles } from '../trust/project-files';
import { trustKey } from '../trust/store';
import type { ProjectChoice, TrustIo } from './trust-context';

export interface TrustTarget {
  path: string;
  root: string;
}

export type TargetsResult = { ok: true; targets: TrustTarget[] } | { ok: false; message: string };

/** The project a file would be a trust-gated file of, judged by where it sits; null for any other file. */
function rootByPlace(path: string): string | null {
  return projectPlace(path)?.root ?? null;
}

function ownFile(root: string, key: string): TrustTarget | null {
  const file = projectTrustFiles(root).find((f) => trustKey(f.path) === key);
  return file ? { path: file.path, root } : null;
}

function resolveOne(file: string, project: ProjectChoice, io: TrustIo, approvedKeys: ReadonlySet<string>): TrustTarget | string {
  const key = trustKey(resolve(io.cwd, file));
  const own = project.root ? ownFile(project.root, key) : null;
  if (own) return own;
  const placeRoot = rootByPlace(key);
  // The home folder is never a project root: ~/.mcp.json is the user's own config and needs no approval.
  const otherProject = placeRoot && placeRoot !== trustKey(io.homeDir) ? placeRoot : null;
  // Without --project, a path the gateway printed (`gatehouse trust approve /abs/.mcp.json`) names its
  // project by itself, so it works from any folder.
  if (otherProject && !project.explicit) return ownFile(otherProject, key) ?? `${file} is not a trust-gated file`;
  // An approval already in trust.json may always be withdrawn, even for a project that is gone.
  if (approvedKeys.has(key)) return { path: key, root: placeRoot ?? dirname(key) };
  const only = 'only a project\'s .mcp.json and .gatehouse/manifest.yaml need approval';
  if (otherProject && project.root) return `${file} belongs to the project ${otherProject}, not to ${project.root}; pass --project ${otherProject} to act on it`;
  if (project.root) return `${file} is not a trust-gated file of the project ${project.root}: ${only}`;
  return `${file} is not a trust-gated file: ${only}`;
}

/**
 * Resolves every named file, or refuses with the first one that is not trust-gated, before anything is
 * written. approvedKeys are the real paths trust.json holds approvals for (revoke accepts those too).
 */
export function namedTargets(files: string[], project: ProjectChoice, io: TrustIo, approvedKeys: ReadonlySet<string> = new Set()): TargetsResult {
  const targets = new Map<string, TrustTarget>();
  for (const file of files) {
    const target = resolveOne(file, project, io, approvedKeys);
    if (typeof target === 'string') return { ok: false, message: target };
    targets.set(trustKey(target.path), target);
  }
  return { ok: true, targets: [...targets.values()] };
}

/** Every trust-gated file of the project, existing or not (revoking needs no file on disk). */
export function projectTargets(root: string): TrustTarget[] {
  return projectTrustFiles(root).map((file) => ({ path: file.path, root }));
}
