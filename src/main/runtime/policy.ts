// The shape rules of a runtime policy (python-runtime.md §3), one function per step of §8 so that
// `verify` and `prepare` fail in the documented order with the documented message prefixes.
import { compareCodePoints } from './canonical-json';
import { aggregateDigest, DIGEST, profileDigest } from './digests';
import { fail, ok, type Checked } from './issue';
import { floorSupported, isSpecifierSet } from './python-version';
import { isSafeRelativePath } from './safe-paths';

export const POLICY_PATH = '.gatehouse/runtime/python-uv.json';
export const POLICY_API_VERSION = 'gatehouse.dev/python-runtime/v1';
export const POLICY_KIND = 'PythonRuntimePolicy';

export interface PolicyServer {
  path: string;
  headerSha256: string;
  profileSha256: string;
  requiresPython: string;
  dependencies: string[];
}

export interface PolicyProfile {
  sha256: string;
  requiresPython: string;
  dependencies: string[];
  serverPaths: string[];
}

export interface RuntimePolicy {
  raw: Record<string, unknown>;
  aggregateSha256: string;
  lockFile: string;
  lockSha256: string;
  profiles: PolicyProfile[];
  servers: PolicyServer[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

const INCOMPLETE = 'unsupported or incomplete Python runtime policy';
const NO_HASHED_LOCK = 'Python runtime policy does not require a hashed lock';
const BAD_PROFILE = 'Python runtime policy contains an invalid dependency profile';

function findNumber(value: unknown, path: string): string | null {
  if (typeof value === 'number') return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNumber(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const hit = findNumber(item, path ? `${path}.${key}` : key);
      if (hit) return hit;
    }
  }
  return null;
}

/** Step 3: identity, the form of the aggregate digest, non-empty profiles, and no numbers anywhere. */
export function checkIdentity(value: unknown): Checked<Json> {
  const bad = (detail: string) => fail('runtime.policy-invalid', `${INCOMPLETE}: ${detail}`, POLICY_PATH, { field: detail.split(' ')[0] });
  if (!isObject(value)) return bad('the document must be a JSON object');
  if (value.apiVersion !== POLICY_API_VERSION) return bad(`apiVersion must be "${POLICY_API_VERSION}"`);
  if (value.kind !== POLICY_KIND) return bad(`kind must be "${POLICY_KIND}"`);
  if (typeof value.aggregateSha256 !== 'string' || !DIGEST.test(value.aggregateSha256)) return bad('aggregateSha256 must be 64 lowercase hex characters');
  if (!Array.isArray(value.dependencyProfiles) || value.dependencyProfiles.length === 0) return bad('dependencyProfiles must be a non-empty array');
  if (!Array.isArray(value.servers)) return bad('servers must be an array');
  const number = findNumber(value, '');
  if (number) return bad(`${number} is a number; numbers are not allowed in the policy`);
  const python = value.python;
  if (python !== undefined && (!isObject(python) || typeof python.requires !== 'string')) return bad('python.requires must be a string');
  return ok(value);
}

/** Step 4: the aggregate, recomputed over the policy without its own field. */
export function checkAggregate(policy: Json): Checked<string> {
  let computed: string;
  try {
    computed = aggregateDigest(policy);
  } catch (error) {
    return fail('runtime.policy-invalid', `${INCOMPLETE}: ${(error as Error).message}`, POLICY_PATH);
  }
  if (computed !== policy.aggregateSha256) {
    return fail('runtime.policy-digest-mismatch', 'Python runtime policy digest differs from its contents', POLICY_PATH, { expected: policy.aggregateSha256, computed });
  }
  return ok(computed);
}

/** Steps 5 and 6: both lock flags, the form of lockSha256, and a safe lock path. */
export function checkLockRequirement(policy: Json): Checked<{ lockFile: string; lockSha256: string }> {
  const resolution = policy.dependencyResolution;
  if (!isObject(resolution) || resolution.resolvedVersionsLocked !== true || resolution.hashesRequired !== true) {
    return fail('runtime.policy-invalid', `${NO_HASHED_LOCK}: dependencyResolution.resolvedVersionsLocked and .hashesRequired must both be true`, POLICY_PATH);
  }
  if (typeof resolution.lockSha256 !== 'string' || !DIGEST.test(resolution.lockSha256)) {
    return fail('runtime.policy-invalid', `${NO_HASHED_LOCK}: dependencyResolution.lockSha256 must be 64 lowercase hex characters`, POLICY_PATH);
  }
  if (!isSafeRelativePath(resolution.lockFile)) {
    return fail('runtime.lock-invalid', 'Python runtime policy contains an unsafe lock path', POLICY_PATH, { reason: 'unsafe-path' });
  }
  return ok({ lockFile: resolution.lockFile, lockSha256: resolution.lockSha256 });
}

function checkDependencies(deps: unknown, where: string, subject: string): Checked<string[]> {
  if (!isStringArray(deps) || deps.length === 0) return fail('runtime.policy-invalid', `${BAD_PROFILE}: ${where} dependencies must be a non-empty array of strings`, subject);
  for (const dep of deps) {
    if (dep === '' || /\s/.test(dep)) {
      return fail('runtime.policy-invalid', `Python runtime policy contains an unsafe dependency: ${JSON.stringify(dep)} in ${where} (no whitespace; put environment markers in the lock)`, subject);
    }
  }
  return ok(deps);
}

/** Step 9: every profile's fields, paths, dependency strings, Python floor and recomputed digest. */
export function checkProfiles(policy: Json): Checked<PolicyProfile[]> {
  const profiles: PolicyProfile[] = [];
  for (const [index, raw] of (policy.dependencyProfiles as unknown[]).entries()) {
    const where = `dependencyProfiles[${index}]`;
    if (!isObject(raw) || typeof raw.sha256 !== 'string' || !DIGEST.test(raw.sha256)) {
      return fail('runtime.policy-invalid', `${BAD_PROFILE}: ${where}.sha256 must be 64 lowercase hex characters`, POLICY_PATH);
    }
    const subject = `profile:${raw.sha256}`;
    if (typeof raw.requiresPython !== 'string' || !isSpecifierSet(raw.requiresPython)) {
      return fail('runtime.policy-invalid', `${BAD_PROFILE}: ${where}.requiresPython must be a version specifier such as ">=3.10"`, subject);
    }
    if (!floorSupported(raw.requiresPython)) {
      return fail('runtime.python-unsupported', `${BAD_PROFILE}: ${where}.requiresPython "${raw.requiresPython}" admits Python older than 3.10`, subject);
    }
    const deps = checkDependencies(raw.dependencies, where, subject);
    if (!deps.ok) return deps;
    if (!isStringArray(raw.serverPaths) || raw.serverPaths.length === 0) {
      return fail('runtime.policy-invalid', `${BAD_PROFILE}: ${where}.serverPaths must be a non-empty array`, subject);
    }
    const unsafe = raw.serverPaths.find((p) => !isSafeRelativePath(p));
    if (unsafe !== undefined) return fail('runtime.path-unsafe', `Python runtime policy contains an unsafe server path: ${JSON.stringify(unsafe)} in ${where}.serverPaths`, subject);
    const computed = profileDigest(deps.value, raw.requiresPython);
    if (computed !== raw.sha256) {
      return fail('runtime.policy-digest-mismatch', `${BAD_PROFILE}: ${where}.sha256 differs from its dependencies and requiresPython`, subject, { expected: raw.sha256, computed });
    }
    const previous = profiles[profiles.length - 1];
    if (previous && compareCodePoints(previous.sha256, raw.sha256) >= 0) {
      return fail('runtime.policy-invalid', `${BAD_PROFILE}: profiles must be sorted by sha256 without repeats (${where})`, subject);
    }
    profiles.push({ sha256: raw.sha256, requiresPython: raw.requiresPython, dependencies: deps.value, serverPaths: raw.serverPaths });
  }
  return ok(profiles);
}

/** Step 10, shape half: each server's fields, its sort order and its profile cross-reference. */
export function checkServerEntries(policy: Json, profiles: PolicyProfile[]): Checked<PolicyServer[]> {
  const servers: PolicyServer[] = [];
  for (const [index, raw] of (policy.servers as unknown[]).entries()) {
    const where = `servers[${index}]`;
    if (!isObject(raw) || !isSafeRelativePath(raw.path)) {
      return fail('runtime.path-unsafe', `Python runtime policy contains an unsafe server path in ${where}.path`, POLICY_PATH);
    }
    const subject = raw.path;
    for (const field of ['headerSha256', 'profileSha256'] as const) {
      if (typeof raw[field] !== 'string' || !DIGEST.test(raw[field] as string)) {
        return fail('runtime.policy-invalid', `${INCOMPLETE}: ${where}.${field} must be 64 lowercase hex characters`, subject);
      }
    }
    if (typeof raw.requiresPython !== 'string' || !isSpecifierSet(raw.requiresPython)) {
      return fail('runtime.policy-invalid', `${INCOMPLETE}: ${where}.requiresPython must be a version specifier`, subject);
    }
    const deps = checkDependencies(raw.dependencies, where, subject);
    if (!deps.ok) return deps;
    const previous = servers[servers.length - 1];
    if (previous && compareCodePoints(previous.path, raw.path) >= 0) {
      return fail('runtime.policy-invalid', `${INCOMPLETE}: servers must be sorted by path without repeats (${where})`, subject);
    }
    const profile = profiles.find((p) => p.sha256 === raw.profileSha256);
    if (!profile?.serverPaths.includes(raw.path)) {
      return fail('runtime.policy-invalid', `${INCOMPLETE}: ${where}.profileSha256 must name a profile whose serverPaths lists ${raw.path}`, subject);
    }
    if (profile.requiresPython !== raw.requiresPython || profileDigest(deps.value, raw.requiresPython) !== profile.sha256) {
      return fail('runtime.policy-digest-mismatch', `${BAD_PROFILE}: ${where} does not match the dependencies and requiresPython of profile ${profile.sha256}`, subject);
    }
    servers.push({ path: raw.path, headerSha256: raw.headerSha256 as string, profileSha256: raw.profileSha256 as string, requiresPython: raw.requiresPython, dependencies: deps.value });
  }
  for (const profile of profiles) {
    const orphan = profile.serverPaths.find((p) => !servers.some((s) => s.path === p));
    if (orphan !== undefined) return fail('runtime.policy-invalid', `${BAD_PROFILE}: profile ${profile.sha256} lists ${orphan}, which servers does not`, `profile:${profile.sha256}`);
  }
  return ok(servers);
}
