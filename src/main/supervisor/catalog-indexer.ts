// A complete catalog from the first search (issue 12): lazy servers are listed once in the background —
// each started in a probe connection of its own, its tools read, and stopped again — so catalog_search
// finds every configured tool without the agent knowing any flag, and the cards persist (descriptions
// cache) across restarts. The probe never touches the server's handle: health keeps saying `lazy`, and a
// client that calls the server meanwhile simply starts it as usual.
//
// Skipped: servers held back by project trust, entries that opt out (`"gatehouse": {"index": false}`),
// servers whose `${VAR}`s have no value (indexing never asks for a credential), eager ones (they list
// themselves), and servers whose cached cards match their current definition.
import type { Tool } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../config/types';
import { safeMessage } from '../common/errors';
import { referencedNames } from '../secrets/references';
import { openConnection, type ConnectOptions, type VariableResolver } from './connect';
import type { DescriptionsCache } from './descriptions-cache';
import { listAllTools } from './list-all';
import { LogRing } from './log-ring';
import type { ServerHandle } from './server-handle';
import { killServerTree, type SpawnedServer } from './stdio-process';

const CONCURRENCY = 2;
const SCHEDULE_DELAY_MS = 100;

export interface CatalogIndexerOptions {
  handles(): ServerHandle[];
  descriptions: DescriptionsCache;
  /** The definition's identity: cards are fresh while it matches the one they were listed under. */
  identity(definition: ServerDefinition): string;
  resolveVariables?: VariableResolver;
  /** How a probe connects: the same environment, limits and child bookkeeping as a real start. */
  connect: Omit<ConnectOptions, 'stderr' | 'onTransportError'> & { redact?: (text: string) => string };
  onChildStarted?(process: SpawnedServer, server: string): void;
  onChildGone?(process: SpawnedServer): void;
  log(line: string): void;
}

export class CatalogIndexer {
  private readonly running = new Set<string>();
  private readonly waiting: string[] = [];
  private readonly settledListeners = new Set<() => void>();
  /** A look for servers to index that is scheduled or under way: a search waits for it first. */
  private scan: Promise<void> | null = null;
  private closed = false;
  private readonly probes = new Set<SpawnedServer>();

  constructor(private readonly options: CatalogIndexerOptions) {}

  /** Looks again (soon) for servers to index: after start-up and after every config change. */
  schedule(): void {
    if (this.closed || this.scan) return;
    // A short delay lets a burst of config changes cost one look.
    this.scan = new Promise<void>((resolve) => setTimeout(resolve, SCHEDULE_DELAY_MS).unref())
      .then(() => this.enqueue())
      .finally(() => {
        this.scan = null;
        this.notify();
      });
  }

  /** Servers being indexed or waiting for it. */
  indexing(): string[] {
    return [...this.running, ...this.waiting];
  }

  /** Resolves once no server `among` accepts is being (or about to be) indexed, or after `ms`. */
  async settle(among: (server: string) => boolean, ms: number): Promise<void> {
    const busy = () => this.scan !== null || [...this.running, ...this.waiting].some(among);
    if (!busy()) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        if (busy()) return;
        clearTimeout(timer);
        this.settledListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.settledListeners.delete(done);
        resolve();
      }, ms);
      this.settledListeners.add(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.all([...this.probes].map((process) => killServerTree(process, 1000, 1000)));
  }

  private async enqueue(): Promise<void> {
    for (const handle of this.options.handles()) {
      const name = handle.name;
      if (this.running.has(name) || this.waiting.includes(name) || !(await this.wanted(handle))) continue;
      this.waiting.push(name);
    }
    this.pump();
  }

  private async wanted(handle: ServerHandle): Promise<boolean> {
    const definition = handle.definition;
    if (handle.status !== 'lazy' || definition.untrusted || definition.index === false || definition.startupPolicy !== 'lazy') return false;
    if (this.options.descriptions.fresh(handle.name, this.options.identity(definition))) return false;
    const names = referencedNames(definition.transport === 'stdio' ? definition.env : definition.headers);
    if (!names.length || !this.options.resolveVariables) return true;
    // A server still missing a credential is left for its first real use, which asks for it.
    return (await this.options.resolveVariables(names)).missing.length === 0;
  }

  private pump(): void {
    while (!this.closed && this.running.size < CONCURRENCY && this.waiting.length) {
      const name = this.waiting.shift() as string;
      const handle = this.options.handles().find((h) => h.name === name);
      if (!handle) continue;
      this.running.add(name);
      void this.index(handle).finally(() => {
        this.running.delete(name);
        this.notify();
        this.pump();
      });
    }
  }

  private notify(): void {
    for (const listener of [...this.settledListeners]) listener();
  }

  private async index(handle: ServerHandle): Promise<void> {
    const definition = handle.definition;
    const { redact, ...connect } = this.options.connect;
    const stderr = new LogRing(50, 2000, redact);
    let process: SpawnedServer | null = null;
    try {
      const connection = await openConnection(definition, {
        ...connect,
        stderr,
        onTransportError: () => undefined,
        onSpawn: (spawned) => {
          process = spawned;
          this.probes.add(spawned);
          this.options.onChildStarted?.(spawned, handle.name);
          void spawned.stopped.then(() => this.options.onChildGone?.(spawned));
        },
      });
      try {
        const tools: Tool[] = await listAllTools(connection.client, connect.timeoutMs);
        // The handle may have started (and listed) for real meanwhile; its own list is as good.
        if (!this.closed) this.options.descriptions.set(handle.name, tools, this.options.identity(definition));
        this.options.log(`[${handle.name}] catalog: indexed ${tools.length} tool(s) while the server stays lazy`);
      } finally {
        await connection.client.close().catch(() => undefined);
      }
    } catch (error) {
      this.options.log(`[${handle.name}] catalog: could not index it in the background (${safeMessage(error)}); its tools appear once it is used`);
    } finally {
      const spawned = process as SpawnedServer | null;
      if (spawned) {
        await killServerTree(spawned, 1000, 1000);
        this.probes.delete(spawned);
      }
    }
  }
}
