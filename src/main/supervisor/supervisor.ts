// Owns every server handle: creates them from the effective config, starts eager ones, reconciles on
// config changes, and publishes health snapshots with a generation counter so consumers drop stale
// ones. State changes are pushed at once; statistics (latency, pending counts) at most once a second.
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { HealthSnapshot } from '../../shared/domain';
import type { ServerDefinition } from '../config/types';
import { GatewayError, safeMessage } from '../common/errors';
import { failureText } from './lifecycle-log';
import { ChildrenRegistry } from './children-registry';
import type { VariableResolver } from './connect';
import { DescriptionsCache } from './descriptions-cache';
import type { CatalogKind } from './server-catalog';
import { PendingCalls } from './pending-calls';
import type { RestartPolicyOptions } from './restart-policy';
import { ServerHandle } from './server-handle';
import { TaskRecords } from './task-records';
import { CatalogIndexer } from './catalog-indexer';
import { definitionIdentity } from './identity';
import { confinementContext, type ConfinementContext } from './confinement/launch';
import { referencedNames } from '../secrets/references';
import type { RemoteOAuth } from '../oauth/remote-oauth';

/** The `${NAME}`s a server's launch depends on: env values for stdio, headers for remote servers. */
function referencedBy(definition: ServerDefinition): string[] {
  return referencedNames(definition.transport === 'stdio' ? definition.env : definition.headers);
}

const STATS_INTERVAL_MS = 1000;
const CONNECT_TIMEOUT_MS = 30_000;

/** GATEHOUSE_CONNECT_TIMEOUT_MS: how long a start may take (a slow network fetching an npx package may need more). */
function connectTimeoutFrom(env: NodeJS.ProcessEnv): number {
  const value = Number(env.GATEHOUSE_CONNECT_TIMEOUT_MS);
  return Number.isSafeInteger(value) && value > 0 ? value : CONNECT_TIMEOUT_MS;
}

export interface SupervisorOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  /** A downstream list (resources, prompts, tools) changed and was re-read. */
  onCatalogChanged?: (kind: CatalogKind) => void;
  /** A server's new connection is live (see HandleOptions.onConnected). */
  onConnected?: (server: string, client: Client) => void;
  /** Where descriptions.json lives (offline cards); default: no cache. */
  cacheDir?: string;
  resolveVariables?: VariableResolver;
  /** OAuth sign-ins for remote servers without an Authorization header (tokens in the keychain). */
  oauth?: RemoteOAuth | null;
  /** Scrubs known secret values from every health row (last errors quote stderr and messages). */
  redact?: (text: string) => string;
  /** Scrubs known secret values from what is written to the descriptions cache. */
  scrubRecord?: <T>(value: T) => T;
  /** List lazy servers' tools in the background so the catalog is complete (default true; see catalog-indexer.ts). */
  indexCatalog?: boolean;
  stateDir: string;
  connectTimeoutMs?: number;
  lineLimit?: number;
  restartPolicy?: RestartPolicyOptions;
  requestCeilingMs?: number;
  log: (line: string) => void;
  onSnapshot: (snapshot: HealthSnapshot) => void;
}

export interface ApplyResult {
  started: string[];
  stopped: string[];
  restarted: string[];
}

export class Supervisor {
  private handles = new Map<string, ServerHandle>();
  private generation = 0;
  private publishQueued = false;
  private statsTimer: NodeJS.Timeout | null = null;
  readonly pending = new PendingCalls(() => {
    this.publish('stats');
    this.recycleDrained();
  });
  /** Servers holding an old credential that had calls in flight: recycled as soon as those finish. */
  private readonly staleCredentials = new Set<ServerHandle>();
  readonly tasks = new TaskRecords();
  private readonly children: ChildrenRegistry;
  /** What a confined child must not see of Gatehouse (its folders as this gateway uses them). */
  private readonly confinement: ConfinementContext;

  readonly descriptions: DescriptionsCache | null;
  private readonly indexer: CatalogIndexer | null;

  constructor(private readonly options: SupervisorOptions) {
    this.children = new ChildrenRegistry(options.stateDir);
    this.confinement = confinementContext(options.gatewayEnv, { stateDir: options.stateDir, cacheDir: options.cacheDir });
    this.descriptions = options.cacheDir ? new DescriptionsCache(options.cacheDir, options.scrubRecord) : null;
    this.indexer = this.descriptions && options.indexCatalog !== false ? this.createIndexer(this.descriptions) : null;
  }

  /**
   * The tool list cached for a server that is not running: `fresh` when it was read under the server's
   * current definition (an edited entry's old tools are stale until it is listed again).
   */
  cachedTools(name: string): { tools: readonly Tool[]; fresh: boolean } | undefined {
    const handle = this.handles.get(name);
    const tools = this.descriptions?.get(name);
    if (!handle || !tools) return undefined;
    return { tools, fresh: this.descriptions?.fresh(name, definitionIdentity(handle.definition, this.options.gatewayEnv)) ?? false };
  }

  /** Servers whose tools are being listed in the background for the catalog. */
  indexing(): string[] {
    return this.indexer?.indexing() ?? [];
  }

  /** Waits (at most `ms`) until no server `among` accepts is being, or about to be, indexed. */
  settleIndexingOf(among: (server: string) => boolean, ms: number): Promise<void> {
    return this.indexer?.settle(among, ms) ?? Promise.resolve();
  }

  /** Waits (at most `ms`) until no server is being, or about to be, indexed. */
  settleIndexing(ms: number): Promise<void> {
    return this.settleIndexingOf(() => true, ms);
  }

  /** Kills what an earlier, uncleanly ended run left behind (only processes provably its own). */
  reapOrphans(): number {
    return this.children.reapOrphans(this.options.log);
  }

  snapshot(): HealthSnapshot {
    const redact = this.options.redact ?? ((text: string) => text);
    const rows = [...this.handles.values()].map((h) => {
      const row = h.row();
      return row.last_error ? { ...row, last_error: redact(row.last_error) } : row;
    });
    return { generation: this.generation, rows };
  }

  get(name: string): ServerHandle | undefined {
    return this.handles.get(name);
  }

  require(name: string): ServerHandle {
    const handle = this.handles.get(name);
    if (!handle) {
      throw new GatewayError('E203', `Server '${name}' is not known to Gatehouse.`, { server: name },
        'check the name with gateway.health, or add the server to .mcp.json');
    }
    return handle;
  }

  all(): ServerHandle[] {
    return [...this.handles.values()];
  }

  /**
   * Applies a new set of definitions: unchanged servers keep their process, changed ones are replaced
   * (back to lazy, or started again when eager), removed ones stop, new eager ones start.
   */
  async apply(definitions: Map<string, ServerDefinition>): Promise<ApplyResult> {
    const result: ApplyResult = { started: [], stopped: [], restarted: [] };
    const stopping: Promise<void>[] = [];
    for (const [name, handle] of this.handles) {
      const next = definitions.get(name);
      const env = this.options.gatewayEnv;
      if (next && definitionIdentity(next, env) === definitionIdentity(handle.definition, env)) continue;
      this.handles.delete(name);
      const wasRunning = handle.client !== null;
      stopping.push(handle.stop());
      if (!next) result.stopped.push(name);
      else if (wasRunning) result.restarted.push(name);
    }
    for (const [name, definition] of definitions) {
      if (!this.handles.has(name)) this.handles.set(name, this.createHandle(definition));
    }
    this.handles = new Map([...this.handles].sort(([a], [b]) => a.localeCompare(b)));
    this.publish('state');
    await Promise.all(stopping);
    result.started = this.startEager();
    this.indexer?.schedule();
    return result;
  }

  /**
   * A credential changed: running servers that reference one of these names hold the old value (in
   * their child's environment or their connection's headers), so they are stopped and start again
   * with the new one — at once when eager, on next use otherwise. A server with calls in flight keeps
   * running until they finish (cutting them off would lose work), then it is recycled the same way.
   */
  async recycleUsing(changes: ReadonlyMap<string, string | null>): Promise<{ recycled: string[]; deferred: string[] }> {
    // A change time (ISO) spares a connection made after it: that one already has the new value.
    const holdsOldValue = (handle: ServerHandle) => {
      const started = handle.row().started_at;
      return referencedBy(handle.definition).some((name) => {
        if (!changes.has(name)) return false;
        const changedAt = changes.get(name);
        return !changedAt || !started || started <= changedAt;
      });
    };
    const affected = this.all().filter((handle) => handle.client !== null && holdsOldValue(handle));
    const deferred = affected.filter((handle) => this.pending.countFor(handle.name) > 0);
    const recycled = affected.filter((handle) => !deferred.includes(handle));
    await Promise.all(recycled.map((handle) => handle.stop('lazy')));
    for (const handle of deferred) {
      this.staleCredentials.add(handle);
      this.options.log(`[${handle.name}] a credential it uses changed; restarting with the new value once its calls in flight finish`);
    }
    for (const handle of recycled) this.options.log(`[${handle.name}] a credential it uses changed; restarting with the new value`);
    this.startEager();
    return { recycled: recycled.map((h) => h.name), deferred: deferred.map((h) => h.name) };
  }

  private recycleDrained(): void {
    for (const handle of this.staleCredentials) {
      if (this.pending.countFor(handle.name) > 0) continue;
      this.staleCredentials.delete(handle);
      // Replaced or stopped meanwhile: its successor (or its next start) already reads the new value.
      if (this.handles.get(handle.name) !== handle || handle.client === null) continue;
      this.options.log(`[${handle.name}] its calls finished; restarting with the changed credential`);
      handle.stop('lazy').then(() => this.startEager(), (error: unknown) => this.options.log(`[${handle.name}] restart after a credential change failed: ${safeMessage(error)}`));
    }
  }

  /** Eager servers start in parallel; one failing never blocks the others or start-up. */
  startEager(): string[] {
    const started: string[] = [];
    for (const handle of this.handles.values()) {
      if (handle.definition.startupPolicy === 'eager' && handle.status === 'lazy') {
        started.push(handle.name);
        handle.ensureConnected({ origin: 'eager' }).catch((error) => this.options.log(`[${handle.name}] eager start failed: ${failureText(error)}`));
      }
    }
    return started;
  }

  /** Stops every child (each handle logs its own `[name] stopped (…)` line); returns the names that were running. */
  async stopAll(): Promise<string[]> {
    const running = this.all().filter((h) => h.client !== null).map((h) => h.name);
    if (running.length) this.options.log(`stopping ${running.length} server(s): ${running.join(', ')}`);
    await Promise.all(this.all().map((handle) => handle.stop()));
    if (running.length) this.options.log(`stopped ${running.length} server(s)`);
    if (this.statsTimer) clearTimeout(this.statsTimer);
    this.statsTimer = null;
    await this.indexer?.close();
    this.children.close();
    this.descriptions?.flush();
    return running;
  }

  private createHandle(definition: ServerDefinition): ServerHandle {
    return new ServerHandle(definition, {
      gatewayEnv: this.options.gatewayEnv,
      resolveVariables: this.options.resolveVariables,
      oauth: this.options.oauth,
      connectTimeoutMs: this.options.connectTimeoutMs ?? connectTimeoutFrom(this.options.gatewayEnv),
      lineLimit: this.options.lineLimit,
      // GATEHOUSE_CHILD_CGROUP=off keeps children out of cgroups (the token and parent links still apply).
      useCgroup: this.options.gatewayEnv.GATEHOUSE_CHILD_CGROUP !== 'off',
      confinement: this.confinement,
      restartPolicy: this.options.restartPolicy,
      requestCeilingMs: this.options.requestCeilingMs,
      pending: this.pending,
      log: this.options.log,
      redact: this.options.redact,
      onChange: (kind) => this.publish(kind),
      onChildStarted: (process) => process.child.pid !== undefined && this.children.add(process.child.pid, definition.name, process.tree?.marks ?? null),
      onChildGone: (process) => process.child.pid !== undefined && this.children.remove(process.child.pid),
      onToolsListed: (tools) => this.descriptions?.set(definition.name, tools, definitionIdentity(definition, this.options.gatewayEnv)),
      onCatalogChanged: (kind) => this.options.onCatalogChanged?.(kind),
      onConnected: (client) => this.options.onConnected?.(definition.name, client),
    });
  }

  private createIndexer(descriptions: DescriptionsCache): CatalogIndexer {
    return new CatalogIndexer({
      handles: () => this.all(),
      descriptions,
      identity: (definition) => definitionIdentity(definition, this.options.gatewayEnv),
      resolveVariables: this.options.resolveVariables,
      connect: {
        gatewayEnv: this.options.gatewayEnv,
        resolveVariables: this.options.resolveVariables,
        oauth: this.options.oauth,
        timeoutMs: this.options.connectTimeoutMs ?? 30_000,
        lineLimit: this.options.lineLimit,
        useCgroup: this.options.gatewayEnv.GATEHOUSE_CHILD_CGROUP !== 'off',
        confinement: this.confinement,
        redact: this.options.redact,
      },
      onChildStarted: (process, server) => process.child.pid !== undefined && this.children.add(process.child.pid, server, process.tree?.marks ?? null),
      onChildGone: (process) => process.child.pid !== undefined && this.children.remove(process.child.pid),
      log: this.options.log,
    });
  }

  private publish(kind: 'state' | 'stats'): void {
    if (kind === 'stats') {
      this.statsTimer ??= setTimeout(() => {
        this.statsTimer = null;
        this.publish('state');
      }, STATS_INTERVAL_MS);
      this.statsTimer.unref();
      return;
    }
    // Coalesces bursts of state changes into one snapshot per tick.
    if (this.publishQueued) return;
    this.publishQueued = true;
    queueMicrotask(() => {
      this.publishQueued = false;
      this.generation++;
      this.options.onSnapshot(this.snapshot());
    });
  }
}
