// Copying secrets between scopes (for example user to project) with overwrite control. The source names
// come from the index; each value is read from the keychain only to be written to the target.
import { entryRef } from './index-file';
import { SecretsError } from './errors';
import { checkName } from './names';
import { describeScope, sameScope, type ScopeRef } from './scopes';
import type { SecretStore } from './store';
import { TransferPlan, type TransferNote } from './transfer-plan';

export async function planSync(
  store: SecretStore,
  from: ScopeRef,
  to: ScopeRef,
  options: { overwrite: boolean; names?: string[] },
): Promise<TransferPlan> {
  if (sameScope(from, to)) {
    throw new SecretsError('same_scope', `--from-scope and --to-scope both name ${describeScope(from)}`, 'choose two different scopes');
  }
  for (const name of options.names ?? []) checkName(name, 'a name given to sync');
  const wanted = options.names ? new Set(options.names) : null;
  const indexed = (await store.list()).filter((entry) => {
    const ref = entryRef(entry);
    return ref !== null && sameScope(ref, from) && (!wanted || wanted.has(entry.name));
  });
  const notes: TransferNote[] = [];
  for (const name of wanted ?? []) {
    if (!indexed.some((entry) => entry.name === name)) {
      notes.push({ line: null, name, code: 'not_in_source', message: `${name} is not stored in ${describeScope(from)}`, blocking: true });
    }
  }
  const candidates: { name: string; value: string; line: null }[] = [];
  for (const entry of indexed) {
    const value = await store.get(from, entry.name);
    if (value === null) {
      notes.push({ line: null, name: entry.name, code: 'missing_in_keychain',
        message: `${entry.name} is listed but no longer in the keychain (removed outside Gatehouse?); set it again or delete it`, blocking: true });
    } else {
      candidates.push({ name: entry.name, value, line: null });
    }
  }
  return TransferPlan.build(store, to, candidates, notes, options.overwrite);
}
