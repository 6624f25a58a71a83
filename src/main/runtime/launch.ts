// Turns a Python script server into what the supervisor spawns: `uv run [--offline] [--python P]
// --script <abs script> [args…]` as an argv array, the canonical runtime root as cwd, and the §7.3
// environment. Every path rule is checked first; nothing is spawned here and the root is never written.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serverNameProblem } from '../common/server-name';
import { checkExistingCache } from './cache-dir';
import { gatehouseDirs, type GatehouseDirs } from '../common/dirs';
import { fail, ok, type Checked, type RuntimeIssue } from './issue';
import { checkHttpPath, checkListenerHost, listenerUrl } from './loopback';
import type { PythonServerSpec } from './python-entry';
import { checkFileUnderRoot, checkRoot, isSafeRelativePath } from './safe-paths';
import { resolveUv } from './uv';
import { buildUvEnv, RESERVED_PYTHON_ENV } from './uv-env';

export const DATA_DIR_VARIABLE = 'GATEHOUSE_DATA_DIR';

export interface PythonLaunchOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  /** The child's environment as the supervisor built it: allowlist plus the entry's interpolated env. */
  childEnv: Record<string, string>;
  /** The server's own data folder (created 0700), exported as GATEHOUSE_DATA_DIR; null for none. */
  dataDir: string | null;
  /** An absolute uv from settings; otherwise PATH. */
  uvCommand?: string | null;
  dirs?: GatehouseDirs;
}

export interface PythonLaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /** For an HTTP script: the loopback URL to dial once it runs; null for stdio. */
  url: string | null;
}

/**
 * `$XDG_STATE_HOME/gatehouse/servers/<name>`: one folder per server, so no child shares another's data.
 * Null for a name that is not a valid server name (`..` would be the state folder itself): config
 * reading refuses such names already, and the launch refuses them again (pythonLaunchSpec).
 */
export function serverDataDir(dirs: GatehouseDirs, name: string): string | null {
  if (serverNameProblem(name)) return null;
  const parent = join(dirs.state, 'servers');
  const dir = join(parent, encodeURIComponent(name));
  // Defence in depth: whatever the name, the folder is a direct child of servers/.
  return dirname(dir) === parent ? dir : null;
}

export async function pythonLaunchSpec(spec: PythonServerSpec, options: PythonLaunchOptions): Promise<Checked<PythonLaunchSpec>> {
  const subject = `server:${spec.name}`;
  const withSubject = (issue: RuntimeIssue) => ({ ok: false as const, issue: { ...issue, subject, message: `server "${spec.name}": ${issue.message}` } });

  const nameProblem = serverNameProblem(spec.name);
  if (nameProblem) return fail('runtime.config-invalid', `server "${spec.name}": the name is invalid: ${nameProblem}; rename the entry`, subject);
  const reserved = RESERVED_PYTHON_ENV.filter((name) => name in spec.env);
  if (reserved.length) {
    return fail('runtime.config-invalid', `server "${spec.name}": env may not set ${reserved.join(', ')} (reserved for Python servers; a script that needs it sets it itself)`, subject);
  }
  const root = checkRoot(spec.root);
  if (!root.ok) return withSubject(root.issue);
  if (!isSafeRelativePath(spec.script)) {
    return fail('runtime.path-unsafe', `server "${spec.name}": script "${spec.script}" must be a plain relative path inside the runtime root (no "..", no leading "/")`, subject);
  }
  const script = checkFileUnderRoot(root.value, spec.script, {
    label: 'runtime server',
    notRegularMessage: `runtime server must be a regular, non-symlink file: ${spec.script}`,
    ioMessage: (error) => `runtime server ${spec.script}: ${error}`,
  }, { unsafe: 'runtime.path-unsafe', unreadable: 'runtime.path-unreadable' });
  if (!script.ok) return withSubject(script.issue);

  const dirs = options.dirs ?? gatehouseDirs(options.gatewayEnv);
  let cacheDir: string | null = null;
  if (spec.cacheDir !== null) {
    const cache = checkExistingCache(spec.cacheDir, root.value, dirs);
    if (!cache.ok) return withSubject(cache.issue);
    cacheDir = cache.value;
  }

  let url: string | null = null;
  if (spec.http) {
    const host = checkListenerHost(spec.http.host);
    if (!host.ok) return withSubject(host.issue);
    const path = checkHttpPath(spec.http.path);
    if (!path.ok) return withSubject(path.issue);
    url = listenerUrl(host.value, spec.http.port, path.value);
  }

  const uv = resolveUv(options.uvCommand, options.gatewayEnv.PATH);
  if (!uv.ok) return withSubject(uv.issue);

  const env = await buildUvEnv({ gatewayEnv: options.gatewayEnv, cacheDir, serverEnv: options.childEnv });
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    env[DATA_DIR_VARIABLE] = options.dataDir;
  }
  const args = [
    'run',
    ...(spec.offline ? ['--offline'] : []),
    ...(spec.python ? ['--python', spec.python] : []),
    '--script',
    script.value,
    ...spec.args,
  ];
  return ok({ command: uv.value, args, env, cwd: root.value, url });
}

/** What the supervisor reports when a Python server never answered its first request (§11). */
export function startupTimeoutIssue(spec: PythonServerSpec, timeoutMs: number, stderrLine: string): RuntimeIssue {
  return {
    code: 'runtime.startup-timeout',
    message: `server "${spec.name}" did not answer initialize or server/discover within ${timeoutMs} ms${stderrLine ? `: ${stderrLine}` : ''}`,
    subject: `server:${spec.name}`,
  };
}
