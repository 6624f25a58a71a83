// Where policy files live (contract §4.4, §5): an explicit `--policy` / GATEHOUSE_POLICY file, else the
// user file under the config dir, else PMCP's file (so a PMCP user's deny rules keep applying until they
// import it), and then the project's narrowing file. Nothing depends on the working directory.
import { isAbsolute, join, resolve } from 'node:path';
import type { LoadPolicyOptions, PolicySourceKind } from './types';

export interface Candidate {
  path: string;
  kind: PolicySourceKind;
}

/** The base policy candidates, in the order they are tried; the first existing one is used. */
export function baseCandidates(options: LoadPolicyOptions): Candidate[] {
  const explicit = options.explicitPath || options.env.GATEHOUSE_POLICY;
  if (explicit) return [{ path: resolve(explicit), kind: 'explicit' }];
  const configDir = userConfigDir(options);
  return [
    { path: join(configDir, 'gatehouse', 'policy.yaml'), kind: 'user' },
    { path: join(configDir, 'gatehouse', 'policy.json'), kind: 'user' },
    { path: join(options.homeDir, '.claude', 'gateway-policy.yaml'), kind: 'pmcp' },
    { path: join(options.homeDir, '.claude', 'gateway-policy.json'), kind: 'pmcp' },
  ];
}

export function projectCandidates(projectRoot: string | null): Candidate[] {
  if (!projectRoot) return [];
  return [
    { path: join(projectRoot, '.gatehouse', 'policy.yaml'), kind: 'project' },
    { path: join(projectRoot, '.gatehouse', 'policy.json'), kind: 'project' },
  ];
}

/** $XDG_CONFIG_HOME when absolute (the XDG spec says to ignore a relative one), %APPDATA% on Windows, else ~/.config. */
export function userConfigDir(options: LoadPolicyOptions): string {
  const xdg = options.env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return xdg;
  const platform = options.platform ?? process.platform;
  if (platform === 'win32' && options.env.APPDATA) return options.env.APPDATA;
  return join(options.homeDir, '.config');
}

export function formatOf(path: string): 'yaml' | 'json' {
  return path.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}
