// Reading a manifest file (contract §2.5): YAML parsed and checked against the manifest schema, every
// problem located at its line. Discovery loads and merges manifests; the trust review reads a project's
// manifest to show what it would offer. Both read the bytes through src/main/common/read-file.ts first.
import { lazyPackage } from '../common/lazy-package';
import { ManifestSchema, type ManifestFile } from './manifest-schema';

// Loaded on the first file read (lazy-package.ts says why).
const yaml = lazyPackage<typeof import('yaml')>('yaml');

export type { ManifestFile };

export interface ParsedFile {
  data: ManifestFile | null;
  issues: string[];
}

export function parseManifestText(path: string, text: string): ParsedFile {
  const lines = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number | undefined) => (offset === undefined ? '' : `:${lines.linePos(offset).line}`);
  if (doc.errors.length) return { data: null, issues: doc.errors.map((e) => `${path}${at(e.pos[0])}: ${e.message.split('\n')[0]}`) };
  const result = ManifestSchema.safeParse(doc.toJS());
  if (result.success) return { data: result.data, issues: [] };
  const issues = result.error.issues.map((issue) => {
    const keys = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    // Point at the deepest node that exists: a missing key is reported at its parent.
    let node: unknown = null;
    for (let n = keys.length; n >= 0 && !node; n--) node = doc.getIn(keys.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return `${path}${at(range?.[0])}: ${keys.join('.') || '(top level)'}: ${issue.message}`;
  });
  return { data: null, issues };
}

/** The variable names of an entry's `env_vars` / `optional_env_vars` (each a name or `{ name, where }`). */
export function envVarNames(entries: readonly (string | { name: string })[]): string[] {
  return entries.map((entry) => (typeof entry === 'string' ? entry : entry.name));
}
