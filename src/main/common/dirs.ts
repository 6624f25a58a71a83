// Gatehouse's own folders (gateway contract §4.4), one definition for everything that reads or writes
// them: the config folder (policy, guidance, the user manifest overlay, the secrets index), the state
// folder (trust.json, instance.json, logs, provisioned servers) and the cache folder (descriptions, uv).
//   Linux and other Unix: $XDG_CONFIG_HOME, $XDG_STATE_HOME, $XDG_CACHE_HOME when absolute (the XDG spec
//     says a relative value is invalid and must be ignored), else ~/.config, ~/.local/state, ~/.cache.
//   macOS: the same XDG folders, deliberately not ~/Library: Gatehouse is configured beside the MCP clients
//     and CLIs it serves, which keep their own files in ~/.config and ~/.claude there too.
//   Windows: %APPDATA%\gatehouse for config, %LOCALAPPDATA%\gatehouse\{state,cache}, unless an absolute
//     XDG_CONFIG_HOME says otherwise (a user who set it means it).
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export interface GatehouseDirs {
  config: string;
  state: string;
  cache: string;
}

export function gatehouseDirs(env: NodeJS.ProcessEnv = process.env, home = homedir(), platform: NodeJS.Platform = process.platform): GatehouseDirs {
  const absolute = (name: string) => {
    const value = env[name];
    return value && isAbsolute(value) ? value : null;
  };
  if (platform === 'win32' && !absolute('XDG_CONFIG_HOME')) {
    const roaming = absolute('APPDATA') ?? join(home, 'AppData', 'Roaming');
    const local = absolute('LOCALAPPDATA') ?? join(home, 'AppData', 'Local');
    return { config: join(roaming, 'gatehouse'), state: join(local, 'gatehouse', 'state'), cache: join(local, 'gatehouse', 'cache') };
  }
  const xdg = (name: string, fallback: string) => join(absolute(name) ?? join(home, fallback), 'gatehouse');
  return { config: xdg('XDG_CONFIG_HOME', '.config'), state: xdg('XDG_STATE_HOME', '.local/state'), cache: xdg('XDG_CACHE_HOME', '.cache') };
}

/** The suggested uv cache: `$XDG_CACHE_HOME/gatehouse/uv`. */
export function defaultUvCacheDir(dirs: GatehouseDirs): string {
  return join(dirs.cache, 'uv');
}
