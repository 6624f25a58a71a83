// Host checks (python-runtime.md §11): Gatehouse's folder permissions, reachability of the package
// index, uv on the login-shell PATH, the OS keychain (through the secrets layer's probe) and child
// confinement. Inside a container the first four are reported as deferred, with their severity and
// remediation, instead of being run; confinement is checked there too (see confinement-check.ts).
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { createOsKeychain, probeKeychain } from '../../secrets/keychain';
import { keychainService } from '../../secrets/paths';
import type { CheckId } from '../check-ids';
import { findExecutable } from '../find-executable';
import type { GatehouseDirs } from '../../common/dirs';
import type { StdioServerDefinition } from '../../config/types';
import { confinementCheck } from './confinement-check';
import { readPipSettings } from '../pip-index';
import type { Redactor } from '../redact';
import type { EnvironmentInfo } from './environment';
import { finding, type Finding } from './findings';

export interface HostCheckOptions {
  environment: EnvironmentInfo;
  env: NodeJS.ProcessEnv;
  dirs: GatehouseDirs;
  offline: boolean;
  /** The desktop's login-shell PATH when it resolved one; the CLI already runs with it. */
  loginShellPath: string | null;
  redactor: Redactor;
  /** The configured stdio servers, for which of them run unconfined. */
  servers?: readonly StdioServerDefinition[];
}

// Files that may hold anything sensitive (gateway contract §4.4) must be owner-only.
const SENSITIVE_FILES = ['settings.json', 'secrets-index.json', 'instance.json', 'children.json', 'trust.json', 'provisioned.json', 'discovered.json', 'audit.jsonl', 'discovery-log.jsonl'];
const HOST_ONLY: CheckId[] = ['host.filesystem-permissions', 'host.network-release-access', 'host.login-shell-path', 'host.keychain'];

export async function hostChecks(options: HostCheckOptions): Promise<Finding[]> {
  const { environment } = options;
  const described = `${environment.kind === 'container' ? `a container (${environment.marker})` : 'a host'}, ${environment.platform} ${environment.arch}`;
  const findings = [finding('host.environment', 'passed', `running ${environment.kind === 'container' ? 'in' : 'on'} ${described}`, { data: { kind: environment.kind, platform: environment.platform, arch: environment.arch } })];
  if (environment.kind === 'container') {
    const why = `not run: doctor runs in a container (${environment.marker}), where this host-only check would describe the container, not the host; run \`gatehouse doctor\` on the host`;
    for (const id of HOST_ONLY) findings.push(finding(id, 'deferred', why, { data: { reason: 'container', marker: environment.marker } }));
    // Children run where Gatehouse runs: in a container, the container is what confines them.
    findings.push(confinementCheck({ env: options.env, dirs: options.dirs, servers: options.servers ?? [] }));
    return findings;
  }
  findings.push(filesystemPermissions(options.dirs));
  findings.push(await networkAccess(options));
  findings.push(loginShellPath(options));
  findings.push(await keychain(options.env, options.redactor));
  findings.push(confinementCheck({ env: options.env, dirs: options.dirs, servers: options.servers ?? [] }));
  return findings;
}

function filesystemPermissions(dirs: GatehouseDirs): Finding {
  if (process.platform === 'win32') return finding('host.filesystem-permissions', 'skipped', 'owner-only ACL checks are not implemented on Windows yet');
  const problems: string[] = [];
  for (const [name, dir] of Object.entries(dirs)) {
    let stat: Stats;
    try {
      stat = lstatSync(dir);
    } catch {
      continue; // not created yet: nothing to protect
    }
    if (stat.isSymbolicLink()) problems.push(`${name} folder ${dir} is a symlink`);
    else if (stat.mode & 0o077) problems.push(`${name} folder ${dir} is mode ${(stat.mode & 0o777).toString(8)}, not 700`);
    if (name === 'cache' || !stat.isDirectory()) continue;
    for (const file of readdirSync(dir).filter((f) => SENSITIVE_FILES.includes(f))) {
      const fileStat = lstatSync(join(dir, file));
      if (fileStat.isSymbolicLink()) problems.push(`${join(dir, file)} is a symlink`);
      else if (fileStat.mode & 0o077) problems.push(`${join(dir, file)} is mode ${(fileStat.mode & 0o777).toString(8)}, not 600`);
    }
  }
  return problems.length
    ? finding('host.filesystem-permissions', 'failed', problems.join('; '), { data: { problems: problems.length } })
    : finding('host.filesystem-permissions', 'passed', "Gatehouse's config, state and cache folders are owner-only (or not created yet)");
}

async function networkAccess(options: HostCheckOptions): Promise<Finding> {
  if (options.offline) return finding('host.network-release-access', 'skipped', 'skipped with --offline');
  const pip = await readPipSettings(options.env);
  const configured = options.env.GATEHOUSE_RELEASE_FEED_URL || options.env.UV_DEFAULT_INDEX || options.env.UV_INDEX_URL || pip.indexUrl;
  if (!configured) {
    return finding('host.network-release-access', 'skipped', 'no release feed or package index is configured (uv falls back to its built-in default index, which doctor does not contact)');
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return finding('host.network-release-access', 'failed', 'the configured package index is not a URL');
  }
  // Only the origin is ever shown: userinfo and query strings may hold credentials. fetch refuses
  // URLs with userinfo, and reachability does not need them (a 401 still proves the route works).
  const probe = new URL(url);
  probe.username = '';
  probe.password = '';
  try {
    const response = await fetch(probe, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    if (response.status >= 500) return finding('host.network-release-access', 'failed', `${url.origin} answered HTTP ${response.status}`);
    return finding('host.network-release-access', 'passed', `${url.origin} is reachable (HTTP ${response.status})`);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return finding('host.network-release-access', 'failed', `${url.origin} is not reachable (${cause})`);
  }
}

function loginShellPath(options: HostCheckOptions): Finding {
  const source = options.loginShellPath !== null ? 'login-shell' : 'process';
  const uv = findExecutable('uv', options.loginShellPath ?? options.env.PATH);
  return uv
    ? finding('host.login-shell-path', 'passed', `uv is on the ${source} PATH: ${uv}`, { data: { source } })
    : finding('host.login-shell-path', 'failed', `uv is not on the ${source} PATH`, { data: { source } });
}

/**
 * The secrets layer's own probe, so doctor and the rest of Gatehouse agree on "keychain unavailable".
 * It stores and removes one probe entry: a locked Secret Service answers reads with "nothing there".
 */
async function keychain(env: NodeJS.ProcessEnv, redactor: Redactor): Promise<Finding> {
  const state = await probeKeychain(createOsKeychain(keychainService(env)));
  if (state.available) return finding('host.keychain', 'passed', `the OS keychain (${state.backend}) stores and removes a probe entry`);
  return finding('host.keychain', 'failed', `keychain unavailable (${state.reason}): ${redactor.text(state.detail).slice(0, 240)}`, {
    data: { reason: state.reason, nextStep: state.next_step },
  });
}
