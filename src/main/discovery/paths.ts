// Where discovery keeps its files (contract §4.4). Nothing depends on the working directory.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscoveryContext } from './types';
import { gatehouseDirs } from '../common/dirs';

/** Gatehouse's config folder (common/dirs.ts), where the user manifest overlay lives. */
export function configDir(ctx: DiscoveryContext): string {
  return ctx.configDir ?? gatehouseDirs(ctx.env, ctx.homeDir).config;
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
