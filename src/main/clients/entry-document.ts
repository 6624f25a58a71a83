// What every per-format editor (json-doc.ts, toml-doc.ts) gives the planner for one entry of a client's
// config: the entry as it is, and the file's text with it set or removed.
import type { SetupProblem } from './target-file';

/** New file text, or why this file's layout cannot take the edit. */
export type EditResult = string | { problem: SetupProblem };

export interface EntryDocument {
  /** The whole document as plain data, to check that an edit changed nothing but the entry. */
  data: unknown;
  /** The entry as it is now (undefined when absent). */
  entry: Record<string, unknown> | undefined;
  /** Sets the owned keys to `wanted` (dropping owned keys it lacks) and keeps every other key. */
  withEntry(wanted: Record<string, unknown>, owned: readonly string[]): EditResult;
  withoutEntry(): EditResult;
}

export type OpenResult = { ok: true; doc: EntryDocument } | { ok: false; problem: SetupProblem };
