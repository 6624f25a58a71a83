// Where discovery keeps its files (contract §4.4). Nothing depends on the working directory.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscoveryContext } from './types';

export function configDir(ctx: DiscoveryContext): string {
  if (ctx.configDir) return ctx.configDir;
  return join(ctx.env.XDG_CONFIG_HOME || join(ctx.homeDir, '.config'), 'gatehouse');
}

export const stateFile = (ctx: DiscoveryContext, name: string) => join(ctx.stateDir, name);
export const cacheFile = (ctx: DiscoveryContext, name: string) => join(ctx.cacheDir, name);

/**
 * The built-in manifest ships in resources/. From source (src/main/discovery) it is three folders up,
 * from the bundle (out/main) two; the packaged app passes the path explicitly.
 */
export function builtinManifestPath(ctx: DiscoveryContext): string {
  if (ctx.builtinManifestPath) return ctx.builtinManifestPath;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../../resources/manifest.yaml'), resolve(here, '../../resources/manifest.yaml')];
  return candidates.find((path) => existsSync(path)) ?? (candidates[0] as string);
}
