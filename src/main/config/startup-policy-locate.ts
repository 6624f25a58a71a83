// Finds the line of a JSON path in a config file, for diagnostics that point at the exact entry to fix.
// Reads the file again on purpose: readouts keep values, not text, and a diagnostic without a line
// sends the operator hunting. Read like any config file (regular files only, capped, never blocking):
// a line number is not worth a hang.
import { readRegularFile } from '../common/read-file';
import { locatePath, parseJsonWithLocations } from './json-locate';

/** Memoises per file within one answer, so many diagnostics on one file parse it once. */
export function createLineFinder(): (path: string | null, jsonPath: (string | number)[]) => number | null {
  const texts = new Map<string, ReturnType<typeof parseJsonWithLocations> & { text: string }>();
  return (path, jsonPath) => {
    if (!path) return null;
    let entry = texts.get(path);
    if (!entry) {
      const read = readRegularFile(path, { followSymlink: true });
      if (!read.ok) return null;
      const text = read.bytes.toString('utf8');
      entry = { ...parseJsonWithLocations(text), text };
      texts.set(path, entry);
    }
    if (entry.error) return entry.error.line;
    return locatePath(entry.text, entry.tree, jsonPath)?.line ?? null;
  };
}
