// The `--cache-dir` rules of python-runtime.md §5: absolute; created (0700) only when preparing online,
// never offline; a real directory, then canonical; never inside the runtime root or Gatehouse's config
// or state folders; writable.
import { accessSync, constants, lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { GatehouseDirs } from '../common/dirs';
import { fail, ioError, ok, type Checked } from './issue';
import { isUnder } from './safe-paths';

export interface CacheDirRequest {
  /** The `--cache-dir` flag as given; undefined when absent. */
  flag: string | undefined;
  /** Create the folder when missing (prepare, online). */
  create: boolean;
  canonicalRoot: string | null;
  dirs: GatehouseDirs;
}

/** Returns the canonical cache folder, or null when no `--cache-dir` was given. */
export function checkCacheDir(request: CacheDirRequest): Checked<string | null> {
  const { flag } = request;
  if (flag === undefined) return ok(null);
  if (!isAbsolute(flag)) return fail('runtime.cache-unsafe', 'runtime cache directory must be absolute', null, { reason: 'relative' });
  if (request.create) {
    try {
      mkdirSync(flag, { recursive: true, mode: 0o700 });
    } catch (error) {
      return fail('runtime.cache-unavailable', `runtime cache directory: ${ioError(error)}`, null, { reason: 'cannot-create' });
    }
  }
  return checkExistingCache(flag, request.canonicalRoot, request.dirs);
}

/** Rules for a cache folder that must already exist (also used by doctor for UV_CACHE_DIR). */
export function checkExistingCache(path: string, canonicalRoot: string | null, dirs: GatehouseDirs): Checked<string> {
  if (!isAbsolute(path)) return fail('runtime.cache-unsafe', 'runtime cache directory must be absolute', null, { reason: 'relative' });
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    return fail('runtime.cache-unavailable', `runtime cache directory: ${ioError(error)}`, null, { reason: 'missing' });
  }
  if (stat.isSymbolicLink() || !stat.isDirectory()) {
    return fail('runtime.cache-unsafe', 'runtime cache directory must be a non-symlink directory', null, { reason: stat.isSymbolicLink() ? 'symlink' : 'not-a-directory' });
  }
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return fail('runtime.cache-unavailable', `runtime cache directory: ${ioError(error)}`, null, { reason: 'unreadable' });
  }
  const forbidden: [string | null, string][] = [
    [canonicalRoot, 'the runtime root'],
    [canonical(dirs.config), "Gatehouse's config directory"],
    [canonical(dirs.state), "Gatehouse's state directory"],
  ];
  for (const [dir, name] of forbidden) {
    if (dir && isUnder(real, dir)) return fail('runtime.cache-unsafe', `runtime cache directory must be outside ${name}`, null, { reason: 'inside-protected-folder' });
  }
  try {
    accessSync(real, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    return fail('runtime.cache-unavailable', `runtime cache directory is not writable: ${ioError(error)}`, null, { reason: 'not-writable' });
  }
  return ok(real);
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // not created yet: compare the path as configured
  }
}
