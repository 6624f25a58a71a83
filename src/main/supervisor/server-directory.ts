// What the gateway's tools need of the supervisor, and a session's view of it. A session of an attached
// project sees the user's servers and its own project's, under the names its config uses; the handles
// behind them may be keyed differently in the supervisor (config/project-scopes.ts).
import { GatewayError } from '../common/errors';
import type { DescriptionsCache } from './descriptions-cache';
import type { PendingCalls } from './pending-calls';
import type { ServerHandle } from './server-handle';
import type { Supervisor } from './supervisor';
import type { TaskRecords } from './task-records';

export interface ServerDirectory {
  get(name: string): ServerHandle | undefined;
  require(name: string): ServerHandle;
  all(): ServerHandle[];
  readonly pending: PendingCalls;
  readonly tasks: TaskRecords;
  readonly descriptions: DescriptionsCache | null;
  recycleUsing: Supervisor['recycleUsing'];
  /** A stopped server's cached tool list, and whether it was read under its current definition. */
  cachedTools: Supervisor['cachedTools'];
  /** Servers being listed in the background for the catalog (catalog-indexer.ts). */
  indexing(): string[];
  /** Waits (at most `ms`) until none of these servers is being, or about to be, listed. */
  settleIndexing(ms: number): Promise<void>;
}

/**
 * The supervisor as one project's sessions see it. `names()` gives, at each call, the names they use →
 * supervisor keys; a key itself (`x@proj`, as shown in their answers) resolves too.
 */
export function scopedDirectory(supervisor: Supervisor, names: () => ReadonlyMap<string, string>): ServerDirectory {
  const resolve = (name: string): ServerHandle | undefined => {
    const visible = names();
    const key = visible.get(name) ?? ([...visible.values()].includes(name) ? name : undefined);
    return key === undefined ? undefined : supervisor.get(key);
  };
  return {
    get: resolve,
    require(name) {
      const handle = resolve(name);
      if (!handle) {
        throw new GatewayError('E203', `Server '${name}' is not known to Gatehouse.`, { server: name }, "check the name with gateway.health, or add the server to this project's .mcp.json");
      }
      return handle;
    },
    all: () => [...new Set(names().values())].flatMap((key) => supervisor.get(key) ?? []),
    pending: supervisor.pending,
    tasks: supervisor.tasks,
    descriptions: supervisor.descriptions,
    recycleUsing: (changes) => supervisor.recycleUsing(changes),
    cachedTools: (name) => {
      const handle = resolve(name);
      return handle ? supervisor.cachedTools(handle.name) : undefined;
    },
    indexing: () => {
      const visible = new Set(names().values());
      return supervisor.indexing().filter((key) => visible.has(key));
    },
    settleIndexing: (ms) => {
      const visible = new Set(names().values());
      return supervisor.settleIndexingOf((key) => visible.has(key), ms);
    },
  };
}
