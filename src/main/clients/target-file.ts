// Reads a client's config file for a preview-then-apply write (contract §4.6): its text, a digest of its
// exact bytes (or "absent"), and its permission bits, refusing links and anything but a regular file.
import { lstatSync, readFileSync } from 'node:fs';
import { ABSENT_DIGEST, digestOf, NEW_FILE_MODE } from '../config/startup-policy-file';

export type ProblemCode =
  | 'symlink_refused'
  | 'not_a_file'
  | 'unreadable'
  | 'parse_error'
  | 'not_an_object'
  | 'bad_servers'
  | 'bad_entry'
  | 'duplicate_key'
  | 'unsupported_layout'
  | 'refused_by_client'
  | 'concurrent_modification'
  | 'locked'
  | 'write_failed'
  | 'internal';

export interface SetupProblem {
  code: ProblemCode;
  message: string;
}

export interface TargetFile {
  path: string;
  exists: boolean;
  text: string;
  digest: string;
  mode: number;
  problem: SetupProblem | null;
}

export function readTarget(path: string): TargetFile {
  const file: TargetFile = { path, exists: false, text: '', digest: ABSENT_DIGEST, mode: NEW_FILE_MODE, problem: null };
  const refuse = (code: ProblemCode, message: string): TargetFile => ({ ...file, problem: { code, message } });
  let bytes: Buffer;
  try {
    const stat = lstatSync(path);
    file.exists = true;
    if (stat.isSymbolicLink()) {
      return refuse('symlink_refused', `${path} is a symbolic link; Gatehouse does not write through links (the target could be any file). Edit the file it points to by hand, or replace the link with a regular file.`);
    }
    if (!stat.isFile()) return refuse('not_a_file', `${path} is not a regular file.`);
    file.mode = stat.mode & 0o777;
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return file;
    return refuse('unreadable', `cannot read ${path} (${code ?? 'error'}); check its permissions.`);
  }
  return { ...file, text: bytes.toString('utf8'), digest: digestOf(bytes) };
}
