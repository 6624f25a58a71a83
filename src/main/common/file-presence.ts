// Whether something is at a path, asked without following links: a symbolic link is reported as itself,
// so callers that refuse links (client files, policy targets, guidance imports, atomic writes) see it.
import { lstatSync } from 'node:fs';
import { succeeds } from './succeeds';

/** Anything at `path`, a dangling symbolic link included. */
export function present(path: string): boolean {
  return succeeds(() => lstatSync(path));
}

/** A symbolic link at `path` (false when nothing is there). */
export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
