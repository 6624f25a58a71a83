// Path rules of python-runtime.md §5: the root is a real directory (then canonical), policy paths are
// plain relative paths, and every script and lock is a regular non-symlink file whose real path lies
// under the canonical root, compared component by component.
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fail, ioError, ok, type Checked } from './issue';

/** Split on `/`; every component non-empty and neither `.` nor `..`; no `\`, drive letter, NUL or leading `/`. */
export function isSafeRelativePath(path: unknown): path is string {
  if (typeof path !== 'string' || path === '') return false;
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0') || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** `--root`: lstat says a directory and not a symlink; the answer is its realpath. */
export function checkRoot(root: string): Checked<string> {
  let stat: Stats;
  try {
    stat = lstatSync(root);
  } catch (error) {
    return fail('runtime.path-unreadable', `runtime root: ${ioError(error)}`);
  }
  if (stat.isSymbolicLink()) return fail('runtime.path-unsafe', 'runtime root must be a non-symlink directory', null, { reason: 'symlink' });
  if (!stat.isDirectory()) return fail('runtime.path-unreadable', 'runtime root must be a non-symlink directory', null, { reason: 'not-a-directory' });
  try {
    return ok(realpathSync(root));
  } catch (error) {
    return fail('runtime.path-unreadable', `runtime root: ${ioError(error)}`);
  }
}

/** True when `child` is `parent` or lies below it (whole components, so /a/bc is not under /a/b). */
export function isUnder(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

export interface FileRule {
  /** What the messages call the file: `runtime server`, `Python runtime lock`, … */
  label: string;
  notRegularMessage: string;
  ioMessage: (error: string) => string;
}

/** A regular, non-symlink file under the canonical root; returns its canonical absolute path. */
export function checkFileUnderRoot(canonicalRoot: string, rel: string, rule: FileRule, code: { unsafe: 'runtime.path-unsafe' | 'runtime.lock-invalid'; unreadable: 'runtime.path-unreadable' | 'runtime.lock-invalid' }): Checked<string> {
  const absolute = `${canonicalRoot}${sep}${rel.split('/').join(sep)}`;
  let stat: Stats;
  try {
    stat = lstatSync(absolute);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
    return fail(code.unreadable, rule.ioMessage(ioError(error)), rel, { reason });
  }
  if (stat.isSymbolicLink()) return fail(code.unsafe, rule.notRegularMessage, rel, { reason: 'symlink' });
  if (!stat.isFile()) return fail(code.unreadable, rule.notRegularMessage, rel, { reason: 'not-regular' });
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    return fail(code.unreadable, rule.ioMessage(ioError(error)), rel, { reason: 'unreadable' });
  }
  // A symlinked folder inside the root would put the real file elsewhere.
  if (!isUnder(real, canonicalRoot)) return fail(code.unsafe, `${rule.label} ${rel} resolves outside the runtime root`, rel, { reason: 'escapes-root' });
  return ok(real);
}
