// Where Gatehouse keeps per-user runtime state (contract §4.4): $XDG_STATE_HOME/gatehouse, by default
// ~/.local/state/gatehouse; %LOCALAPPDATA%\gatehouse on Windows. Never relative to the working directory.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export interface StateDirInput {
  env?: NodeJS.ProcessEnv;
  home?: string;
  platform?: NodeJS.Platform;
}

export function stateDir(input: StateDirInput = {}): string {
  const env = input.env ?? process.env;
  const home = input.home ?? homedir();
  const platform = input.platform ?? process.platform;
  // XDG says a relative value is invalid and must be ignored.
  if (env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)) return join(env.XDG_STATE_HOME, 'gatehouse');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'gatehouse');
  return join(home, '.local', 'state', 'gatehouse');
}

export function instanceFilePath(input: StateDirInput = {}): string {
  return join(stateDir(input), 'instance.json');
}
