// The environment uv runs with. The base is the gateway contract's allowlist (the supervisor's
// buildChildEnv, which carries the machine's TLS trust settings: TRUST_VARIABLES there is the one list
// for every child); the operator's UV_* settings pass through (their values are never displayed); pip's
// index settings are translated for uv; UV_CACHE_DIR overrides any inherited value when a cache is
// configured; PYTHONNOUSERSITE=1 keeps the user's site-packages out of every interpreter uv starts.
import { buildChildEnv } from '../common/child-env';
import { readPipSettings, uvEnvFromPip } from './pip-index';

/** Names a Python server's own `env` may not set (python-runtime.md §7.3). */
export const RESERVED_PYTHON_ENV = ['PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'PYTHONUSERBASE'] as const;

export interface UvEnvOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  /** Canonical cache folder, or null to leave an inherited UV_CACHE_DIR alone. */
  cacheDir: string | null;
  /** The server's own interpolated `env` (already resolved), for a launch. */
  serverEnv?: Record<string, string>;
}

export async function buildUvEnv(options: UvEnvOptions): Promise<Record<string, string>> {
  const { gatewayEnv } = options;
  const env: Record<string, string> = { ...buildChildEnv(gatewayEnv, {}).env };
  for (const [name, value] of Object.entries(gatewayEnv)) {
    if (value !== undefined && name.startsWith('UV_')) env[name] = value;
  }
  Object.assign(env, uvEnvFromPip(await readPipSettings(gatewayEnv), gatewayEnv));
  Object.assign(env, options.serverEnv ?? {});
  if (options.cacheDir) env.UV_CACHE_DIR = options.cacheDir;
  env.PYTHONNOUSERSITE = '1';
  return env;
}
