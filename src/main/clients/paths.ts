// Where a client keeps its user config, as a pure function of (platform, environment, home folder):
// nothing here looks at the real machine, so tests can resolve all three OSes anywhere and never touch
// the real user's files. Paths are joined with the target OS's own rules (backslashes for Windows).
import { posix, win32 } from 'node:path';
import type { ClientSpec, PathRule } from './table';

export type { PathRule };

export type Platform = 'linux' | 'darwin' | 'win32';

export interface PathContext {
  platform: Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
}

/** Any platform string Node reports maps to one of the three layouts (BSDs lay out like Linux). */
export function platformOf(value: string): Platform {
  return value === 'darwin' || value === 'win32' ? value : 'linux';
}

function pathApi(ctx: PathContext) {
  return ctx.platform === 'win32' ? win32 : posix;
}

/** An environment value counts only when set, non-empty and absolute (the XDG spec ignores relative ones). */
function absoluteEnv(ctx: PathContext, name: string): string | null {
  const value = ctx.env[name];
  return value && pathApi(ctx).isAbsolute(value) ? value : null;
}

function baseFolder(ctx: PathContext, base: PathRule['base']): string {
  const { join } = pathApi(ctx);
  switch (base) {
    case 'home':
      return ctx.home;
    case 'xdgConfig':
      return absoluteEnv(ctx, 'XDG_CONFIG_HOME') ?? join(ctx.home, '.config');
    case 'appData':
      return absoluteEnv(ctx, 'APPDATA') ?? join(ctx.home, 'AppData', 'Roaming');
    case 'macAppSupport':
      return join(ctx.home, 'Library', 'Application Support');
  }
}

export function resolveRule(ctx: PathContext, rule: PathRule): string {
  return pathApi(ctx).join(baseFolder(ctx, rule.base), ...rule.parts);
}

/** The candidate config files, most preferred first. */
export function clientFiles(client: ClientSpec, ctx: PathContext): string[] {
  const moved = client.override ? absoluteEnv(ctx, client.override.env) : null;
  if (client.override && moved) return [pathApi(ctx).join(moved, client.override.file)];
  return client.file[ctx.platform].map((rule) => resolveRule(ctx, rule));
}

/** Folders whose presence says the client is installed (checked besides the config file itself). */
export function clientFolders(client: ClientSpec, ctx: PathContext): string[] {
  const files = clientFiles(client, ctx);
  const moved = client.override && absoluteEnv(ctx, client.override.env);
  if (moved || !client.detect) return [...new Set(files.map((file) => pathApi(ctx).dirname(file)))];
  return client.detect[ctx.platform].map((rule) => resolveRule(ctx, rule));
}

/** The file to read and write: the first candidate that exists, else the first. */
export function chooseFile(candidates: readonly string[], exists: (path: string) => boolean): string {
  return candidates.find(exists) ?? (candidates[0] as string);
}
