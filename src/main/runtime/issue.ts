// A runtime failure as a value: a stable check ID, a message that names the file, field or flag and
// reads after "gatehouse: ", the subject it concerns and optional redacted data.
import type { CheckId } from './check-ids';

export interface RuntimeIssue {
  code: CheckId;
  message: string;
  /** null, `server:<id>`, `profile:<sha256>` or a root-relative path. */
  subject: string | null;
  data?: Record<string, unknown>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issue: RuntimeIssue };

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });

export function fail(code: CheckId, message: string, subject: string | null = null, data?: Record<string, unknown>): { ok: false; issue: RuntimeIssue } {
  return { ok: false, issue: data ? { code, message, subject, data } : { code, message, subject } };
}

/** A short IO error text (`ENOENT: no such file or directory`) without the path Node appends. */
export function ioError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e && typeof e.code === 'string') {
    const reason = (e.message ?? '').replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
    return `${e.code}: ${reason}`;
  }
  return String(error);
}
