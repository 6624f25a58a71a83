// Where guidance settings live (contract §4.4, §6): Gatehouse's own guidance.yaml under the config dir,
// else PMCP's ~/.claude/gateway-guidance.yaml so a PMCP user keeps their level until they import it.
import { join, resolve } from 'node:path';
import { gatehouseDirs } from '../../common/dirs';

export interface GuidancePathOptions {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  platform?: NodeJS.Platform;
  /** An explicit file (tests, a future --guidance flag); when given, nothing else is tried. */
  path?: string | null;
}

export type GuidanceSourceKind = 'explicit' | 'gatehouse' | 'pmcp';

export function gatehouseGuidancePath(options: GuidancePathOptions): string {
  return join(gatehouseDirs(options.env, options.homeDir, options.platform ?? process.platform).config, 'guidance.yaml');
}

export function pmcpGuidancePath(homeDir: string): string {
  return join(homeDir, '.claude', 'gateway-guidance.yaml');
}

/** Tried in order; the first that exists is used. */
export function guidanceCandidates(options: GuidancePathOptions): { kind: GuidanceSourceKind; path: string }[] {
  if (options.path) return [{ kind: 'explicit', path: resolve(options.path) }];
  return [
    { kind: 'gatehouse', path: gatehouseGuidancePath(options) },
    { kind: 'pmcp', path: pmcpGuidancePath(options.homeDir) },
  ];
}
