// Gatehouse's own folders (gateway contract §4.4). The runtime needs them to keep the uv cache out of
// config and state, and doctor checks their permissions.
import { homedir } from 'node:os';
import { join } from 'node:path';

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
  return {
    config: join(env.XDG_CONFIG_HOME || join(home, '.config'), 'gatehouse'),
    state: join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'gatehouse'),
    cache: join(env.XDG_CACHE_HOME || join(home, '.cache'), 'gatehouse'),
  };
}

/** The suggested uv cache: `$XDG_CACHE_HOME/gatehouse/uv`. */
export function defaultUvCacheDir(dirs: GatehouseDirs): string {
  return join(dirs.cache, 'uv');
}
