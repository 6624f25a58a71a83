import type { HealthRow } from '../../shared/domain';

/** Deep equality of plain JSON data (what crosses IPC): objects, arrays, strings, numbers, booleans, null. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!(key in right) || !sameData(left[key], right[key])) return false;
  return true;
}

export interface SharedRows {
  rows: readonly HealthRow[];
  byName: Readonly<Record<string, HealthRow>>;
  names: readonly string[];
}

/**
 * Every pushed snapshot arrives as new objects (IPC copies them), though most servers did not change
 * between two pushes. A row equal to the one shown keeps the shown object, and the list and the names
 * keep theirs when nothing in them changed, so a row (or a view) re-renders only when what it shows did.
 */
export function shareRows(previous: SharedRows, incoming: readonly HealthRow[]): SharedRows {
  let rowsChanged = incoming.length !== previous.rows.length;
  let namesChanged = rowsChanged;
  const byName: Record<string, HealthRow> = {};
  const rows = incoming.map((row, index) => {
    const before = previous.byName[row.name];
    const kept = before !== undefined && sameData(before, row) ? before : row;
    byName[row.name] = kept;
    if (kept !== previous.rows[index]) rowsChanged = true;
    if (row.name !== previous.names[index]) namesChanged = true;
    return kept;
  });
  if (!rowsChanged) return previous;
  return { rows, byName, names: namesChanged ? rows.map((row) => row.name) : previous.names };
}
