// Runtime checks for a runtime root: uv, Python, the policy pipeline of `verify` (every server's
// problems collected), the cache and, when all of that holds, an offline probe of every profile.
// Read-only: the cache is never created and uv runs only for --version, python find and --offline.
import { existsSync } from 'node:fs';
import type { CheckId } from '../check-ids';
import { checkExistingCache } from '../cache-dir';
import { defaultUvCacheDir, type GatehouseDirs } from '../../common/dirs';
import type { RuntimeIssue } from '../issue';
import { prepareProfiles } from '../prepare';
import { floorSupported, MIN_PYTHON, compare, parsePythonVersion } from '../python-version';
import { firstStderrLine, type Redactor } from '../redact';
import { runProcess } from '../run-process';
import { probeUvVersion, resolveUv } from '../uv';
import { buildUvEnv } from '../uv-env';
import { verifyRuntime } from '../verify';
import { failedFrom, finding, type Finding } from './findings';

export interface RuntimeCheckOptions {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  dirs: GatehouseDirs;
  cacheDir: string | undefined;
  offline: boolean;
  uvCommand: string | null;
  redactor: Redactor;
}

export interface RuntimeCheckResult {
  findings: Finding[];
  root: string | null;
  uvVersion: string | null;
  pythonVersion: string | null;
}

// The step of `verify` after which each pipeline check can no longer fail (python-runtime.md §8).
const LAST_STEP: [CheckId, number][] = [
  ['runtime.path-unsafe', 10], ['runtime.path-unreadable', 10], ['runtime.policy-invalid', 10],
  ['runtime.policy-digest-mismatch', 10], ['runtime.lock-invalid', 7], ['runtime.pep723-invalid', 10],
];

export async function runtimeChecks(options: RuntimeCheckOptions): Promise<RuntimeCheckResult> {
  const findings: Finding[] = [];
  const result: RuntimeCheckResult = { findings, root: null, uvVersion: null, pythonVersion: null };

  // 1. The policy pipeline (steps 1–10). Its uv step is reported by the uv checks below.
  const outcome = await verifyRuntime({ root: options.root, cwd: options.cwd, offline: false, cacheDir: undefined, createCache: false, env: options.env, dirs: options.dirs, uvCommand: options.uvCommand, collectServers: true });
  result.root = outcome.root;
  const pipelineErrors = outcome.errors.filter((e) => e.code !== 'runtime.uv-missing' && e.code !== 'runtime.uv-incompatible');
  const noPolicy = outcome.reached === 2 && pipelineErrors[0]?.code === 'runtime.path-unreadable' && pipelineErrors[0].data?.reason === 'missing';
  for (const issue of noPolicy ? [] : pipelineErrors) findings.push(failedFrom(issue));
  for (const issue of outcome.warnings) findings.push(failedFrom(issue, 'warn'));
  for (const [id, last] of LAST_STEP) {
    if (findings.some((f) => f.id === id)) continue;
    if (noPolicy && id !== 'runtime.path-unsafe' && id !== 'runtime.path-unreadable') {
      findings.push(finding(id, 'skipped', `no Python runtime policy in ${outcome.root} (.gatehouse/runtime/python-uv.json); nothing to check`));
    } else if (outcome.reached > last || (noPolicy && outcome.root)) {
      findings.push(finding(id, 'passed', passedMessage(id, outcome.servers.length)));
    } else {
      findings.push(finding(id, 'skipped', `not checked: an earlier check failed (${pipelineErrors[0]?.code ?? 'unknown'})`));
    }
  }

  // 2. uv and Python, independent of the policy.
  const uvEnv = await buildUvEnv({ gatewayEnv: options.env, cacheDir: null });
  const cwd = outcome.root ?? options.cwd;
  const uv = resolveUv(options.uvCommand, options.env.PATH);
  const version = uv.ok ? await probeUvVersion(uv.value, cwd, uvEnv) : uv;
  if (!uv.ok) findings.push(failedFrom(uv.issue), finding('runtime.uv-incompatible', 'skipped', 'not checked: uv is missing'));
  else if (!version.ok && version.issue.code === 'runtime.uv-missing') findings.push(failedFrom(version.issue), finding('runtime.uv-incompatible', 'skipped', 'not checked: uv could not be started'));
  else {
    findings.push(finding('runtime.uv-missing', 'passed', `uv found at ${uv.value}`));
    if (version.ok) findings.push(finding('runtime.uv-incompatible', 'passed', `${version.value} is supported`));
    else findings.push(failedFrom(version.issue));
  }
  result.uvVersion = version.ok ? version.value : null;

  const requires = outcome.verified?.profiles[0]?.requiresPython ?? '>=3.10';
  if (!uv.ok || !version.ok) {
    findings.push(finding('runtime.python-missing', 'skipped', 'not checked: uv is unavailable'));
  } else {
    const found = await runProcess(uv.value, ['python', 'find', '--show-version', requires], { cwd, env: uvEnv, timeoutMs: 60_000 });
    const pythonVersion = found.code === 0 ? found.stdout.toString('utf8').trim().split('\n')[0] ?? '' : '';
    const parsed = parsePythonVersion(pythonVersion);
    if (!parsed) {
      findings.push(finding('runtime.python-missing', 'failed', `no Python satisfies ${requires}: ${firstStderrLine(found.stderr.toString('utf8'), options.redactor) || `uv python find exited with ${found.code}`}`));
    } else {
      result.pythonVersion = pythonVersion;
      findings.push(finding('runtime.python-missing', 'passed', `Python ${pythonVersion} satisfies ${requires}`));
      if (!findings.some((f) => f.id === 'runtime.python-unsupported')) {
        const floorOk = floorSupported(requires);
        findings.push(compare(parsed, MIN_PYTHON) >= 0 && floorOk
          ? finding('runtime.python-unsupported', 'passed', `Python ${pythonVersion} and the constraint ${requires} are 3.10 or newer`)
          : finding('runtime.python-unsupported', 'failed', floorOk ? `Python ${pythonVersion} is older than 3.10` : `the constraint ${requires} admits Python older than 3.10`));
      }
    }
  }

  // 3. The cache, then an offline probe of every profile against it.
  findings.push(...(await cacheChecks(options, outcome.root, outcome.verified ?? null, uv.ok && version.ok)));
  return result;
}

async function cacheChecks(options: RuntimeCheckOptions, root: string | null, verified: Awaited<ReturnType<typeof verifyRuntime>>['verified'], uvReady: boolean): Promise<Finding[]> {
  const configured = options.cacheDir ?? options.env.UV_CACHE_DIR ?? null;
  const path = configured ?? defaultUvCacheDir(options.dirs);
  if (!configured && !existsSync(path)) {
    const message = `no uv cache at ${path}; run \`gatehouse mcp prepare --cache-dir ${path}\` before starting servers offline`;
    return options.offline
      ? [finding('runtime.cache-unavailable', 'failed', message), finding('runtime.cache-unsafe', 'skipped', 'not checked: no cache'), finding('runtime.cache-incomplete', 'skipped', 'not checked: no cache')]
      : [finding('runtime.cache-unavailable', 'skipped', message), finding('runtime.cache-unsafe', 'skipped', 'not checked: no cache'), finding('runtime.cache-incomplete', 'skipped', 'not checked: no cache')];
  }
  const cache = checkExistingCache(path, root, options.dirs);
  if (!cache.ok) {
    const other: CheckId = cache.issue.code === 'runtime.cache-unsafe' ? 'runtime.cache-unavailable' : 'runtime.cache-unsafe';
    return [failedFrom({ ...cache.issue, data: { ...cache.issue.data, path } }), finding(other, 'skipped', 'not checked: the cache failed another check'), finding('runtime.cache-incomplete', 'skipped', 'not checked: the cache is unusable')];
  }
  const out = [finding('runtime.cache-unavailable', 'passed', `uv cache at ${cache.value}`), finding('runtime.cache-unsafe', 'passed', 'the cache is a real folder outside the runtime root and Gatehouse config and state')];
  if (!verified || !uvReady) return [...out, finding('runtime.cache-incomplete', 'skipped', 'not checked: the runtime policy or uv did not verify')];
  const env = await buildUvEnv({ gatewayEnv: options.env, cacheDir: cache.value });
  for (const profile of verified.profiles) {
    const probe = await prepareProfiles({ ...verified, uvEnv: env, cacheDir: cache.value, profiles: [profile] }, true, options.redactor);
    out.push(probe.ok
      ? finding('runtime.cache-incomplete', 'passed', `runtime profile ${profile.sha256} is offline-ready`, { subject: `profile:${profile.sha256}` })
      : failedFrom(probe.issue as RuntimeIssue));
  }
  return out;
}

function passedMessage(id: CheckId, servers: number): string {
  switch (id) {
    case 'runtime.path-unsafe': return 'the runtime root, policy, lock and scripts are real files inside the root';
    case 'runtime.path-unreadable': return 'every runtime file is readable';
    case 'runtime.policy-invalid': return 'the runtime policy is well formed';
    case 'runtime.policy-digest-mismatch': return 'the aggregate and profile digests match the policy, recomputed';
    case 'runtime.lock-invalid': return 'the lock digest matches and every entry is hash-pinned';
    case 'runtime.pep723-invalid': return `${servers} script header(s) parse and match the policy`;
    default: return 'passed';
  }
}
