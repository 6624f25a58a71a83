// A preview of copying values into one scope (import from a dotenv file, sync between scopes): what each
// name would do, decided by comparing with what the target already holds. The values ride along in a
// private field for apply(); they are not enumerable, not in toJSON() and not shown by util.inspect.
import { SecretsError } from './errors';
import { describeScope, type ScopeRef } from './scopes';
import type { SecretStore } from './store';

export type TransferAction = 'add' | 'replace' | 'keep_same' | 'keep_different';

export interface TransferItem {
  name: string;
  action: TransferAction;
  /** Source line for dotenv imports. */
  line: number | null;
}

export interface TransferNote {
  line: number | null;
  name: string | null;
  code: string;
  message: string;
  /** The source holds something this transfer does not carry over. */
  blocking: boolean;
}

export interface TransferFailure {
  name: string;
  code: string;
  message: string;
}

export interface TransferOutcome {
  stored: string[];
  failed: TransferFailure[];
}

export class TransferPlan {
  readonly #values: Map<string, string>;

  private constructor(
    readonly target: ScopeRef,
    readonly overwrite: boolean,
    readonly items: TransferItem[],
    readonly notes: TransferNote[],
    values: Map<string, string>,
  ) {
    this.#values = values;
  }

  static async build(
    store: SecretStore,
    target: ScopeRef,
    candidates: { name: string; value: string; line: number | null }[],
    notes: TransferNote[],
    overwrite: boolean,
  ): Promise<TransferPlan> {
    const items: TransferItem[] = [];
    const values = new Map<string, string>();
    for (const candidate of candidates) {
      const existing = await store.get(target, candidate.name);
      const action: TransferAction =
        existing === null ? 'add' : existing === candidate.value ? 'keep_same' : overwrite ? 'replace' : 'keep_different';
      items.push({ name: candidate.name, action, line: candidate.line });
      values.set(candidate.name, candidate.value);
    }
    return new TransferPlan(target, overwrite, items, notes, values);
  }

  get writes(): TransferItem[] {
    return this.items.filter((item) => item.action === 'add' || item.action === 'replace');
  }

  /** True when everything the source holds now exists, with the same value, in the target. */
  get complete(): boolean {
    return !this.notes.some((note) => note.blocking) && !this.items.some((item) => item.action === 'keep_different');
  }

  async apply(store: SecretStore): Promise<TransferOutcome> {
    const outcome: TransferOutcome = { stored: [], failed: [] };
    for (const item of this.writes) {
      try {
        await store.set(this.target, item.name, this.#values.get(item.name) as string);
        outcome.stored.push(item.name);
      } catch (error) {
        // An unreachable keychain fails every further write the same way: stop and say so once.
        if (error instanceof SecretsError && error.code === 'keychain_unavailable') throw error;
        const code = error instanceof SecretsError ? error.code : 'keychain_error';
        outcome.failed.push({ name: item.name, code, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return outcome;
  }

  toJSON(): Record<string, unknown> {
    return { target: describeScope(this.target), overwrite: this.overwrite, items: this.items, notes: this.notes };
  }
}
