// Follows secrets-index.json so a credential changed anywhere — the panel, `gatehouse secrets set` in
// another terminal, gateway.auth_connect — reaches the running servers that use it: the index says which
// name changed and when (never a value), and the supervisor restarts only connections older than that.
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { SecretsIndex, type IndexEntry } from '../secrets/index-file';

const DEBOUNCE_MS = 150;

const keyOf = (entry: IndexEntry) => JSON.stringify([entry.scope, entry.project_root, entry.tenant, entry.name]);

/** Names whose entry appeared, changed or disappeared between two readings, with when (ISO). */
export function changedNames(before: Map<string, IndexEntry>, after: Map<string, IndexEntry>, now: string): Map<string, string> {
  const changes = new Map<string, string>();
  const note = (name: string, at: string) => {
    const earlier = changes.get(name);
    if (!earlier || at > earlier) changes.set(name, at);
  };
  for (const [key, entry] of after) if (before.get(key)?.changed_at !== entry.changed_at) note(entry.name, entry.changed_at);
  for (const [key, entry] of before) if (!after.has(key)) note(entry.name, now);
  return changes;
}

export function watchSecretChanges(indexPath: string, onChanged: (changes: Map<string, string>) => void, log: (line: string) => void): { close(): void } {
  const index = new SecretsIndex(indexPath);
  const read = async () => new Map((await index.entries().catch(() => [] as IndexEntry[])).map((e) => [keyOf(e), e] as const));
  let known: Promise<Map<string, IndexEntry>> = read();
  let timer: NodeJS.Timeout | null = null;
  let watcher: FSWatcher | null = null;
  const check = () => {
    known = known.then(async (before) => {
      const after = await read();
      const changes = changedNames(before, after, new Date().toISOString());
      if (changes.size) onChanged(changes);
      return after;
    });
  };
  try {
    mkdirSync(dirname(indexPath), { recursive: true, mode: 0o700 });
    watcher = watch(dirname(indexPath), { persistent: false }, (_event, file) => {
      if (file && file.toString() !== basename(indexPath)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(check, DEBOUNCE_MS);
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    log(`secrets: cannot watch ${dirname(indexPath)}; credential changes made elsewhere apply at each server's next start`);
  }
  return {
    close() {
      watcher?.close();
      if (timer) clearTimeout(timer);
    },
  };
}
