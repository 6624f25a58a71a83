// Owns every server handle: creates them from the effective config, starts eager ones, reconciles on
// config changes and publishes health snapshots with a generation counter so consumers drop stale ones.
import type { HealthSnapshot } from '../../shared/domain';
import type { ServerDefinition } from '../config/types';
import { GatewayError, safeMessage } from '../core/errors';
import { ServerHandle } from './server-handle';

export interface SupervisorOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  connectTimeoutMs?: number;
  log: (line: string) => void;
  onSnapshot: (snapshot: HealthSnapshot) => void;
}

export class Supervisor {
  private handles = new Map<string, ServerHandle>();
  private generation = 0;
  private publishQueued = false;

  constructor(private readonly options: SupervisorOptions) {}

  snapshot(): HealthSnapshot {
    return { generation: this.generation, rows: [...this.handles.values()].map((h) => h.row()) };
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
   * Applies a new set of definitions: unchanged servers keep their process, changed ones are stopped
   * and come back lazy (or eager), removed ones stop. Returns once removed and changed ones are down.
   */
  async apply(definitions: Map<string, ServerDefinition>): Promise<void> {
    const stopping: Promise<void>[] = [];
    for (const [name, handle] of this.handles) {
      const next = definitions.get(name);
      if (!next || identity(next) !== identity(handle.definition)) {
        this.handles.delete(name);
        stopping.push(handle.stop());
      }
    }
    for (const [name, definition] of definitions) {
      if (!this.handles.has(name)) this.handles.set(name, this.createHandle(definition));
    }
    this.handles = new Map([...this.handles].sort(([a], [b]) => a.localeCompare(b)));
    this.publish();
    await Promise.all(stopping);
    this.startEager();
  }

  /** Eager servers start in parallel; one failing never blocks the others or start-up. */
  startEager(): void {
    for (const handle of this.handles.values()) {
      if (handle.definition.startupPolicy === 'eager' && handle.status === 'lazy') {
        handle.ensureConnected().catch((error) => this.options.log(`[${handle.name}] eager start failed: ${safeMessage(error)}`));
      }
    }
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.handles.values()].map((handle) => handle.stop()));
  }

  private createHandle(definition: ServerDefinition): ServerHandle {
    return new ServerHandle(definition, {
      gatewayEnv: this.options.gatewayEnv,
      connectTimeoutMs: this.options.connectTimeoutMs ?? 30_000,
      log: this.options.log,
      onChange: () => this.publish(),
    });
  }

  /** Coalesces bursts of state changes into one snapshot per tick. */
  private publish(): void {
    if (this.publishQueued) return;
    this.publishQueued = true;
    queueMicrotask(() => {
      this.publishQueued = false;
      this.generation++;
      this.options.onSnapshot(this.snapshot());
    });
  }
}

/** What makes a server "the same server": a change here means its process must be replaced. */
function identity(definition: ServerDefinition): string {
  const { name, transport, startupPolicy } = definition;
  const launch =
    definition.transport === 'stdio'
      ? [definition.command, definition.args, definition.cwd, definition.env]
      : [definition.url, definition.headers];
  return JSON.stringify([name, transport, startupPolicy, launch]);
}
