// Steps 1–11 of python-runtime.md §8, in order: root, policy file, identity, aggregate digest, lock
// requirement and path, lock file, cache, profiles, servers, uv. `verify` stops at the first failure;
// doctor asks for every server's problems at step 10 and reads how far the pipeline got.
import { lstatSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkCacheDir } from './cache-dir';
import { sha256Hex } from './digests';
import { gatehouseDirs, type GatehouseDirs } from '../common/dirs';
import { fail, ioError, type RuntimeIssue } from './issue';
import { findUnhashedEntry } from './lock-file';
import { checkAggregate, checkIdentity, checkLockRequirement, checkProfiles, checkServerEntries, POLICY_PATH, type PolicyProfile } from './policy';
import { checkFileUnderRoot, checkRoot } from './safe-paths';
import { probeUvVersion, resolveUv } from './uv';
import { buildUvEnv } from './uv-env';
import { checkServerFile, type ServerCheck } from './verify-servers';

export interface VerifyOptions {
  /** `--root` as given; resolved against `cwd`. */
  root: string;
  cwd?: string;
  offline: boolean;
  cacheDir: string | undefined;
  /** prepare (online) creates the cache; verify and doctor never do. */
  createCache: boolean;
  env: NodeJS.ProcessEnv;
  dirs?: GatehouseDirs;
  /** An absolute uv from settings; otherwise the policy's `uv.command`, then PATH. */
  uvCommand?: string | null;
  /** Doctor: report every server's problems instead of stopping at the first. */
  collectServers?: boolean;
}

export interface VerifiedRuntime {
  root: string;
  policySha256: string;
  lockPath: string;
  cacheDir: string | null;
  uv: string;
  uvVersion: string;
  uvEnv: Record<string, string>;
  profiles: PolicyProfile[];
  servers: ServerCheck[];
}

export interface VerifyOutcome {
  /** Canonical root once step 1 passed. */
  root: string | null;
  /** The step that failed (1–11), or 12 when every step passed. */
  reached: number;
  errors: RuntimeIssue[];
  warnings: RuntimeIssue[];
  policySha256: string | null;
  servers: ServerCheck[];
  verified: VerifiedRuntime | null;
}

export async function verifyRuntime(options: VerifyOptions): Promise<VerifyOutcome> {
  const outcome: VerifyOutcome = { root: null, reached: 1, errors: [], warnings: [], policySha256: null, servers: [], verified: null };
  const stop = (step: number, issue: RuntimeIssue): VerifyOutcome => {
    outcome.reached = step;
    outcome.errors.push(issue);
    return outcome;
  };
  const dirs = options.dirs ?? gatehouseDirs(options.env);

  const root = checkRoot(resolve(options.cwd ?? process.cwd(), options.root));
  if (!root.ok) return stop(1, root.issue);
  outcome.root = root.value;

  const policyFile = checkFileUnderRoot(root.value, POLICY_PATH, {
    label: 'Python runtime policy',
    notRegularMessage: `Python runtime policy must be a regular, non-symlink file: ${POLICY_PATH}`,
    ioMessage: (error) => `Python runtime policy ${POLICY_PATH}: ${error}`,
  }, { unsafe: 'runtime.path-unsafe', unreadable: 'runtime.path-unreadable' });
  if (!policyFile.ok) return stop(2, policyFile.issue);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(policyFile.value, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : ioError(error);
    return stop(2, fail('runtime.policy-invalid', `Python runtime policy is not valid JSON (${POLICY_PATH}): ${reason}`, POLICY_PATH).issue);
  }

  const identity = checkIdentity(parsed);
  if (!identity.ok) return stop(3, identity.issue);
  const policy = identity.value;
  const aggregate = checkAggregate(policy);
  if (!aggregate.ok) return stop(4, aggregate.issue);
  outcome.policySha256 = aggregate.value;
  const lockRule = checkLockRequirement(policy);
  if (!lockRule.ok) return stop(lockRule.issue.code === 'runtime.lock-invalid' ? 6 : 5, lockRule.issue);

  const { lockFile, lockSha256 } = lockRule.value;
  const lock = checkFileUnderRoot(root.value, lockFile, {
    label: 'Python runtime lock',
    notRegularMessage: 'Python runtime lock must be a regular, non-symlink file',
    ioMessage: (error) => `Python runtime lock must be a regular, non-symlink file: ${lockFile}: ${error}`,
  }, { unsafe: 'runtime.lock-invalid', unreadable: 'runtime.lock-invalid' });
  if (!lock.ok) return stop(7, lock.issue);
  let lockBytes: Buffer;
  try {
    lockBytes = readFileSync(lock.value);
  } catch (error) {
    return stop(7, fail('runtime.lock-invalid', `Python runtime lock must be a regular, non-symlink file: ${lockFile}: ${ioError(error)}`, lockFile, { reason: 'unreadable' }).issue);
  }
  const lockDigest = sha256Hex(lockBytes);
  if (lockDigest !== lockSha256) {
    return stop(7, fail('runtime.lock-invalid', 'Python runtime lock digest differs from policy', lockFile, { reason: 'digest-mismatch', expected: lockSha256, computed: lockDigest }).issue);
  }
  const unhashed = findUnhashedEntry(lockBytes.toString('utf8'));
  if (unhashed) {
    return stop(7, fail('runtime.lock-invalid', `Python runtime lock does not contain package hashes: line ${unhashed.line}${unhashed.entry ? ` (${unhashed.entry})` : ''}`, lockFile, { reason: unhashed.reason, line: unhashed.line }).issue);
  }

  const cache = checkCacheDir({ flag: options.cacheDir, create: options.createCache && !options.offline, canonicalRoot: root.value, dirs });
  if (!cache.ok) return stop(8, cache.issue);
  if (options.offline && !options.createCache && cache.value === null) {
    const inherited = checkInheritedCache(options.env.UV_CACHE_DIR);
    if (inherited) return stop(8, inherited);
  }

  const profiles = checkProfiles(policy);
  if (!profiles.ok) return stop(9, profiles.issue);

  const entries = checkServerEntries(policy, profiles.value);
  if (!entries.ok) return stop(10, entries.issue);
  const python = policy.python as { requires?: string } | undefined;
  for (const server of entries.value) {
    const check = checkServerFile(root.value, server, python?.requires ?? null);
    outcome.servers.push(check);
    outcome.warnings.push(...check.warnings);
    if (check.errors.length) {
      outcome.errors.push(...(options.collectServers ? check.errors : check.errors.slice(0, 1)));
      if (!options.collectServers) break;
    }
  }
  if (outcome.errors.length) {
    outcome.reached = 10;
    return outcome;
  }

  const uvPolicy = policy.uv as { command?: unknown } | undefined;
  const uv = resolveUv(options.uvCommand ?? (typeof uvPolicy?.command === 'string' ? uvPolicy.command : null), options.env.PATH);
  if (!uv.ok) return stop(11, uv.issue);
  const uvEnv = await buildUvEnv({ gatewayEnv: options.env, cacheDir: cache.value });
  const version = await probeUvVersion(uv.value, root.value, uvEnv);
  if (!version.ok) return stop(11, version.issue);

  outcome.reached = 12;
  outcome.verified = {
    root: root.value,
    policySha256: aggregate.value,
    lockPath: lock.value,
    cacheDir: cache.value,
    uv: uv.value,
    uvVersion: version.value,
    uvEnv,
    profiles: profiles.value,
    servers: outcome.servers,
  };
  return outcome;
}

/** `verify --offline` without `--cache-dir` needs an inherited UV_CACHE_DIR that already exists. */
function checkInheritedCache(inherited: string | undefined): RuntimeIssue | null {
  if (!inherited) {
    return fail('runtime.cache-unavailable', 'runtime cache directory is required offline: pass --cache-dir ABS or set UV_CACHE_DIR', null, { reason: 'missing' }).issue;
  }
  try {
    if (lstatSync(inherited).isDirectory()) return null;
    return fail('runtime.cache-unavailable', 'runtime cache directory (UV_CACHE_DIR) is not a directory', null, { reason: 'not-a-directory' }).issue;
  } catch (error) {
    return fail('runtime.cache-unavailable', `runtime cache directory (UV_CACHE_DIR): ${ioError(error)}`, null, { reason: 'missing' }).issue;
  }
}
