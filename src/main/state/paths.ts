// Where Gatehouse keeps per-user runtime state (contract §4.4): $XDG_STATE_HOME/gatehouse, by default
// ~/.local/state/gatehouse. One definition of the folders (runtime/gatehouse-dirs.ts) serves everything.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { gatehouseDirs } from '../common/dirs';

export interface StateDirInput {
  env?: NodeJS.ProcessEnv;
  home?: string;
  platform?: NodeJS.Platform;
}

export function stateDir(input: StateDirInput = {}): string {
  return gatehouseDirs(input.env ?? process.env, input.home ?? homedir(), input.platform ?? process.platform).state;
}

export function instanceFilePath(input: StateDirInput = {}): string {
  return join(stateDir(input), 'instance.json');
}
