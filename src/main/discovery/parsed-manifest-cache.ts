// A manifest file's parse, kept on disk by the hash of its path and bytes: the built-in manifest is
// ~120 KB of YAML that the `yaml` library takes 150-250 ms to read on these machines, which every new
// process paid on its first catalog_search (issue 15). The JSON of the same result reads in about a
// millisecond. The entry lives in Gatehouse's own cache folder (0700), is size-capped, and is checked
// against the manifest schema again on the way in; anything wrong with it means the text is parsed anew.
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { readRegularFile } from '../common/read-file';
import { ManifestSchema } from '../config/manifest-schema';
import type { ParsedFile } from '../config/manifest-file';
import { sha256 } from '../trust/store';

const MAX_BYTES = 8 * 1024 * 1024;
const FORMAT = 1;

const entryPath = (cacheDir: string, path: string, hash: string) => join(cacheDir, 'parsed-manifests', `${sha256(`${FORMAT}\0${path}\0${hash}`)}.json`);

export function readParsedManifest(cacheDir: string, path: string, hash: string): ParsedFile | null {
  const read = readRegularFile(entryPath(cacheDir, path, hash), { maxBytes: MAX_BYTES });
  if (!read.ok) return null;
  try {
    const entry = JSON.parse(read.bytes.toString('utf8')) as { data?: unknown; issues?: unknown };
    if (!Array.isArray(entry.issues) || !entry.issues.every((issue) => typeof issue === 'string')) return null;
    if (entry.data === null) return { data: null, issues: entry.issues };
    const data = ManifestSchema.safeParse(entry.data);
    return data.success ? { data: data.data, issues: entry.issues } : null;
  } catch {
    return null;
  }
}

export function writeParsedManifest(cacheDir: string, path: string, hash: string, parsed: ParsedFile, log?: (line: string) => void): void {
  try {
    writeFileAtomic(entryPath(cacheDir, path, hash), JSON.stringify(parsed));
  } catch (error) {
    // A read-only or full cache only costs the next start its parse.
    log?.(`manifest: could not keep the parse of ${path} in the cache: ${error instanceof Error ? error.message : String(error)}`);
  }
}
