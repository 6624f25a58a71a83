// secrets-index.json: which names exist in which scope and when they last changed, so listing needs no
// keychain reads. It never holds a value. The keychain stays the truth for resolution; a lost index only
// hides names from listings until they are set again.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { writeFileAtomic } from '../common/atomic-write';
import { SecretsError } from './errors';
import { NAME_PATTERN } from './names';
import { scopeKey, type ScopeRef, type SecretScope } from './scopes';

const IndexEntrySchema = z.object({
  scope: z.enum(['user', 'project', 'tenant']),
  project_root: z.string().min(1).nullable(),
  tenant: z.string().min(1).nullable(),
  name: z.string().regex(NAME_PATTERN),
  changed_at: z.string(),
});
export type IndexEntry = z.infer<typeof IndexEntrySchema>;

// Unknown top-level keys are kept (loose) so a newer Gatehouse's additions survive an older one's write.
const IndexDocSchema = z.looseObject({ version: z.literal(1), entries: z.array(IndexEntrySchema) });

export function entryRef(entry: IndexEntry): ScopeRef | null {
  if (entry.scope === 'user') return { scope: 'user' };
  if (!entry.project_root) return null;
  if (entry.scope === 'project') return { scope: 'project', projectRoot: entry.project_root };
  return entry.tenant ? { scope: 'tenant', projectRoot: entry.project_root, tenant: entry.tenant } : null;
}

function entryFor(ref: ScopeRef, name: string, changedAt: string): IndexEntry {
  return {
    scope: ref.scope,
    project_root: ref.scope === 'user' ? null : ref.projectRoot,
    tenant: ref.scope === 'tenant' ? ref.tenant : null,
    name,
    changed_at: changedAt,
  };
}

function sameEntry(entry: IndexEntry, ref: ScopeRef, name: string): boolean {
  const other = entryRef(entry);
  return entry.name === name && other !== null && other.scope === ref.scope && scopeKey(other) === scopeKey(ref);
}

const ORDER: Record<SecretScope, number> = { user: 0, project: 1, tenant: 2 };

export class SecretsIndex {
  /** Serialises this process's read-modify-write cycles so concurrent sets do not drop each other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async entries(): Promise<IndexEntry[]> {
    return (await this.readDoc()).entries;
  }

  upsert(ref: ScopeRef, name: string, changedAt = new Date().toISOString()): Promise<IndexEntry> {
    return this.update((entries) => {
      const entry = entryFor(ref, name, changedAt);
      return { entries: [...entries.filter((e) => !sameEntry(e, ref, name)), entry], result: entry };
    });
  }

  remove(ref: ScopeRef, name: string): Promise<boolean> {
    return this.update((entries) => {
      const kept = entries.filter((e) => !sameEntry(e, ref, name));
      return { entries: kept, result: kept.length !== entries.length };
    });
  }

  private update<T>(change: (entries: IndexEntry[]) => { entries: IndexEntry[]; result: T }): Promise<T> {
    const run = this.queue.then(async () => {
      const doc = await this.readDoc();
      const { entries, result } = change(doc.entries);
      entries.sort((a, b) =>
        ORDER[a.scope] - ORDER[b.scope] || (a.project_root ?? '').localeCompare(b.project_root ?? '') ||
        (a.tenant ?? '').localeCompare(b.tenant ?? '') || a.name.localeCompare(b.name));
      try {
        writeFileAtomic(this.path, `${JSON.stringify({ ...doc, version: 1, entries }, null, 2)}\n`, 0o600);
      } catch (error) {
        throw new SecretsError(
          'index_write_failed',
          `could not write ${this.path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          'check that the folder is writable by you; the keychain entry itself was changed',
          { path: this.path },
        );
      }
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readDoc(): Promise<z.infer<typeof IndexDocSchema>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: [] };
      throw new SecretsError('index_invalid', `could not read ${this.path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
        'check the file permissions', { path: this.path });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.invalid('it is not valid JSON');
    }
    const result = IndexDocSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw this.invalid(`${issue?.path.join('.') || '(top level)'}: ${issue?.message ?? 'unexpected shape'}`);
    }
    return result.data;
  }

  private invalid(reason: string): SecretsError {
    return new SecretsError(
      'index_invalid',
      `${this.path} is damaged: ${reason}`,
      'move the file aside; the values stay in the keychain, and names reappear in listings when set again',
      { path: this.path },
    );
  }
}
