// Where policy files live (contract §4.4, §5): an explicit `--policy` / GATEHOUSE_POLICY file, else the
// user file under the config dir, else PMCP's file (so a PMCP user's deny rules keep applying until they
// import it), and then the project's narrowing file. Nothing depends on the working directory.
import { join, resolve } from 'node:path';
import { gatehouseDirs } from '../common/dirs';
import type { LoadPolicyOptions, PolicySourceKind } from './types';

export interface Candidate {
  path: string;
  kind: PolicySourceKind;
}

/** The base policy candidates, in the order they are tried; the first existing one is used. */
export function baseCandidates(options: LoadPolicyOptions): Candidate[] {
  const explicit = options.explicitPath || options.env.GATEHOUSE_POLICY;
  if (explicit) return [{ path: resolve(explicit), kind: 'explicit' }];
  const configDir = gatehouseDirs(options.env, options.homeDir, options.platform ?? process.platform).config;
  return [
    { path: join(configDir, 'policy.yaml'), kind: 'user' },
    { path: join(configDir, 'policy.json'), kind: 'user' },
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

export function formatOf(path: string): 'yaml' | 'json' {
  return path.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}
