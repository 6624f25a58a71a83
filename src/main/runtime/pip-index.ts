// uv does not read pip's configuration. On machines where pip is pointed at a mirror, an index with
// credentials or local find-links, uv must be told the same at run time, so this reads pip's settings
// (PIP_* variables, then `pip config list`) and returns the matching UV_* variables. Nothing is ever
// written to disk, and the values are never displayed (an index URL may hold credentials).
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { findExecutable } from './find-executable';
import { runProcess } from './run-process';

export interface PipSettings {
  indexUrl: string | null;
  extraIndexUrls: string[];
  findLinks: string[];
  cert: string | null;
}

const cache = new Map<string, Promise<PipSettings>>();

/** pip's effective settings; `pip config list` runs at most once per process and environment. */
export function readPipSettings(env: NodeJS.ProcessEnv): Promise<PipSettings> {
  const key = JSON.stringify([env.PATH, env.PIP_INDEX_URL, env.PIP_EXTRA_INDEX_URL, env.PIP_FIND_LINKS, env.PIP_CERT, env.PIP_CONFIG_FILE, env.HOME]);
  let pending = cache.get(key);
  if (!pending) {
    pending = loadPipSettings(env);
    cache.set(key, pending);
  }
  return pending;
}

async function loadPipSettings(env: NodeJS.ProcessEnv): Promise<PipSettings> {
  const fromConfig = await pipConfigList(env);
  const pick = (envName: string, configName: string): string | null => env[envName] || fromConfig.get(configName) || null;
  const words = (value: string | null) => (value ? value.split(/\s+/).filter(Boolean) : []);
  return {
    indexUrl: pick('PIP_INDEX_URL', 'index-url'),
    extraIndexUrls: words(pick('PIP_EXTRA_INDEX_URL', 'extra-index-url')),
    findLinks: words(pick('PIP_FIND_LINKS', 'find-links')),
    cert: pick('PIP_CERT', 'cert'),
  };
}

/** `pip config list` prints `scope.name='value'`; later lines (narrower scopes) win. */
async function pipConfigList(env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  const settings = new Map<string, string>();
  const pip = findExecutable('pip3', env.PATH) ?? findExecutable('pip', env.PATH);
  if (!pip) return settings;
  const plainEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  const result = await runProcess(pip, ['config', 'list'], { cwd: env.HOME && isAbsolute(env.HOME) ? env.HOME : '/', env: plainEnv, timeoutMs: 30_000 });
  if (result.code !== 0) return settings;
  for (const line of result.stdout.toString('utf8').split('\n')) {
    const match = /^[^.=]*\.([A-Za-z0-9-]+)=(['"])(.*)\2\s*$/.exec(line.trim());
    if (match?.[1] && match[3] !== undefined) settings.set(match[1], match[3]);
  }
  return settings;
}

/**
 * The UV_* variables that make uv use pip's index. Whatever the operator set for uv wins; find-links
 * folders that do not exist are left out (uv refuses them, pip ignores them).
 */
export function uvEnvFromPip(pip: PipSettings, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  if (pip.indexUrl && !env.UV_DEFAULT_INDEX && !env.UV_INDEX_URL) out.UV_DEFAULT_INDEX = pip.indexUrl;
  if (pip.extraIndexUrls.length && !env.UV_INDEX && !env.UV_EXTRA_INDEX_URL) out.UV_INDEX = pip.extraIndexUrls.join(' ');
  const links = pip.findLinks.filter((link) => /^[a-z][a-z0-9+.-]*:\/\//i.test(link) || existsSync(link));
  if (links.length && !env.UV_FIND_LINKS) out.UV_FIND_LINKS = links.join(',');
  if (pip.cert && !env.SSL_CERT_FILE && existsSync(pip.cert)) out.SSL_CERT_FILE = pip.cert;
  return out;
}
