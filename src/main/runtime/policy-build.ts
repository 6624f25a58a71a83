// Builds a runtime policy from a root's scripts and its lock, the way the policy generator must: the
// profile and header digests from the headers, the lock digest from its bytes, the aggregate last.
// Used to (re)generate the fixture's policy and by tests that need valid and tampered policies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareCodePoints } from './canonical-json';
import { aggregateDigest, profileDigest, sha256Hex } from './digests';
import { parsePep723 } from './pep723';
import { POLICY_API_VERSION, POLICY_KIND } from './policy';

export interface BuildPolicyOptions {
  root: string;
  /** Root-relative script paths. */
  servers: string[];
  lockFile?: string;
  pythonRequires?: string;
  sourceRoot?: string;
}

export const DEFAULT_LOCK_FILE = '.gatehouse/runtime/python-requirements.lock';

export function buildPolicy(options: BuildPolicyOptions): Record<string, unknown> {
  const lockFile = options.lockFile ?? DEFAULT_LOCK_FILE;
  const pythonRequires = options.pythonRequires ?? '>=3.10';
  const servers = [...options.servers].sort(compareCodePoints).map((path) => {
    const parsed = parsePep723(readFileSync(join(options.root, path)), { expectHeader: true });
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    if (!parsed.script || errors.length) throw new Error(`${path}: ${errors.map((e) => e.message).join('; ') || 'no usable script block'}`);
    const requiresPython = parsed.script.requiresPython ?? pythonRequires;
    const dependencies = [...parsed.script.dependencies];
    return { path, headerSha256: parsed.script.headerSha256, profileSha256: profileDigest(dependencies, requiresPython), requiresPython, dependencies };
  });
  const profiles = new Map<string, { sha256: string; requiresPython: string; dependencies: string[]; serverPaths: string[] }>();
  for (const server of servers) {
    const profile = profiles.get(server.profileSha256) ?? {
      sha256: server.profileSha256,
      requiresPython: server.requiresPython,
      dependencies: [...server.dependencies].sort(compareCodePoints),
      serverPaths: [],
    };
    profile.serverPaths.push(server.path);
    profiles.set(server.profileSha256, profile);
  }
  const policy: Record<string, unknown> = {
    apiVersion: POLICY_API_VERSION,
    kind: POLICY_KIND,
    source: { root: options.sourceRoot ?? '.', scope: 'bundle' },
    python: { requires: pythonRequires },
    uv: { command: 'uv', requiredFeatures: ['pep-723-script-metadata'] },
    dependencyResolution: {
      coldOfflineSupported: false,
      requiresPreparedCache: true,
      resolvedVersionsLocked: true,
      hashesRequired: true,
      lockFile,
      lockSha256: sha256Hex(readFileSync(join(options.root, lockFile))),
    },
    servers,
    dependencyProfiles: [...profiles.values()].sort((a, b) => compareCodePoints(a.sha256, b.sha256)),
  };
  return { ...policy, aggregateSha256: aggregateDigest(policy) };
}

/** Re-signs a policy object after a deliberate edit (tests build tampered-but-consistent policies). */
export function resealPolicy(policy: Record<string, unknown>): Record<string, unknown> {
  return { ...policy, aggregateSha256: aggregateDigest(policy) };
}
