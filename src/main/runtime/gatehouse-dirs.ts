// Gatehouse's own folders (gateway contract §4.4). The runtime needs them to keep the uv cache out of
// config and state, and doctor checks their permissions.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export interface GatehouseDirs {
  config: string;
  state: string;
  cache: string;
}

export function gatehouseDirs(env: NodeJS.ProcessEnv = process.env, home = homedir(), platform = process.platform): GatehouseDirs {
  if (platform === 'win32' && !env.XDG_CONFIG_HOME) {
    const roaming = env.APPDATA ?? join(home, 'AppData', 'Roaming');
    const local = env.LOCALAPPDATA ?? join(home, 'AppData', 'Local');
    return { config: join(roaming, 'gatehouse'), state: join(local, 'gatehouse', 'state'), cache: join(local, 'gatehouse', 'cache') };
  }
  // XDG says a relative value is invalid and must be ignored.
  const xdg = (name: string, fallback: string) => join(env[name] && isAbsolute(env[name]) ? env[name] : join(home, fallback), 'gatehouse');
  return { config: xdg('XDG_CONFIG_HOME', '.config'), state: xdg('XDG_STATE_HOME', '.local/state'), cache: xdg('XDG_CACHE_HOME', '.cache') };
}

/** The suggested uv cache: `$XDG_CACHE_HOME/gatehouse/uv`. */
export function defaultUvCacheDir(dirs: GatehouseDirs): string {
  return join(dirs.cache, 'uv');
}
