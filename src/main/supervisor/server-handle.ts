// One supervised server: its state (lazy | starting | online | error | stopped), its connection, its
// tools and its stderr. Concurrent callers share one connect attempt; a stop during a start wins.
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import type { HealthRow, ServerStatus } from '../../shared/domain';
import type { ServerDefinition } from '../config/types';
import { GatewayError, safeMessage } from '../core/errors';
import { openConnection, type Connection } from './connect';
import { listAllTools } from './list-tools';
import { LogRing } from './log-ring';
import { killServerTree, type SpawnedServer } from './stdio-process';

export interface HandleOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  connectTimeoutMs: number;
  onChange: () => void;
  log: (line: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

export class ServerHandle {
  private state: ServerStatus = 'lazy';
  private connection: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  /** The child of a start still in its handshake: a stop must not leave it behind. */
  private spawning: SpawnedServer | null = null;
  private attempt = 0;
  private toolList: Tool[] = [];
  private lastError: string | null = null;
  private startedAt: string | null = null;
  readonly stderr = new LogRing();

  constructor(
    readonly definition: ServerDefinition,
    private readonly options: HandleOptions,
  ) {}

  get name(): string {
    return this.definition.name;
  }

  get status(): ServerStatus {
    return this.state;
  }

  get tools(): readonly Tool[] {
    return this.toolList;
  }

  row(): HealthRow {
    const client = this.connection?.client;
    return {
      name: this.name,
      status: this.state,
      transport: this.definition.transport,
      startup_policy: this.definition.startupPolicy,
      source: this.definition.source,
      source_path: this.definition.sourcePath,
      pid: this.connection?.process?.child.pid ?? null,
      tool_count: this.toolList.length,
      protocol_version: (this.state === 'online' && client?.getNegotiatedProtocolVersion()) || null,
      started_at: this.state === 'online' ? this.startedAt : null,
      last_error: this.lastError,
    };
  }

  /** Connects if needed; every concurrent caller awaits the same attempt. */
  async ensureConnected(): Promise<Client> {
    if (this.state === 'online' && this.connection) return this.connection.client;
    this.connecting ??= this.connect();
    return (await this.connecting).client;
  }

  async stop(): Promise<void> {
    this.attempt++; // any start in flight sees it is stale and cleans up after itself
    const inflight = this.connecting;
    this.connecting = null;
    const connection = this.connection;
    const spawning = this.spawning;
    this.connection = null;
    this.spawning = null;
    this.toolList = [];
    this.setState('stopped');
    if (connection) await this.teardown(connection);
    if (spawning) await killServerTree(spawning);
    // Resolve only once a start that was still spawning has cleaned up, so a caller that exits right
    // after stop() leaves no child behind.
    await inflight?.catch(() => undefined);
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    const client = await this.ensureConnected();
    const result = await client.request(
      { method: 'tools/call', params: { name, arguments: args } },
      {
        signal: options.signal,
        timeout: options.timeoutMs,
        // Progress from the server proves the call is alive: it resets the idle timer.
        resetTimeoutOnProgress: true,
        onprogress: options.onProgress,
      },
    );
    return result as CallToolResult;
  }

  private async connect(): Promise<Connection> {
    const attempt = ++this.attempt;
    this.lastError = null;
    this.setState('starting');
    try {
      const connection = await openConnection(this.definition, {
        gatewayEnv: this.options.gatewayEnv,
        stderr: this.stderr,
        timeoutMs: this.options.connectTimeoutMs,
        onTransportError: (error) => this.options.log(`[${this.name}] ${safeMessage(error)}`),
        onSpawn: (process) => {
          if (attempt === this.attempt) this.spawning = process;
          else void killServerTree(process); // stopped before the child even existed
        },
      });
      if (attempt === this.attempt) this.spawning = null;
      if (attempt !== this.attempt) {
        await this.teardown(connection);
        throw new GatewayError('E204', `server "${this.name}" was stopped while it was starting`, { server: this.name });
      }
      const tools = await listAllTools(connection.client, this.options.connectTimeoutMs);
      if (attempt !== this.attempt) {
        await this.teardown(connection);
        throw new GatewayError('E204', `server "${this.name}" was stopped while it was starting`, { server: this.name });
      }
      this.connection = connection;
      this.toolList = tools;
      this.startedAt = new Date().toISOString();
      this.watchExit(connection, attempt);
      this.setState('online');
      return connection;
    } catch (error) {
      if (attempt === this.attempt) {
        this.spawning = null;
        this.lastError = safeMessage(error);
        this.setState('error');
      }
      throw error;
    } finally {
      if (attempt === this.attempt) this.connecting = null;
    }
  }

  /** An exit nobody asked for is a crash: the row shows why, with the last stderr lines. */
  private watchExit(connection: Connection, attempt: number): void {
    const onGone = (why: string) => {
      if (attempt !== this.attempt || this.connection !== connection) return;
      this.connection = null;
      this.toolList = [];
      const tail = this.stderr.tail(3).join(' | ');
      this.lastError = `${why}${tail ? ` — last stderr: ${tail.slice(0, 600)}` : ''}`;
      this.setState('error');
      void this.teardown(connection);
    };
    const exitReason = ({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }) =>
      `server exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`;
    connection.process?.exited.then((exit) => onGone(exitReason(exit)));
    connection.client.onclose = () => {
      const process = connection.process;
      if (!process) return onGone('the connection to the server closed');
      // stdout ends just before the exit is reported; wait briefly so the row can say why it died.
      const grace = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000).unref());
      void Promise.race([process.exited, grace]).then((exit) =>
        onGone(exit ? exitReason(exit) : 'the server closed its output but is still running'),
      );
    };
  }

  private async teardown(connection: Connection): Promise<void> {
    connection.client.onclose = undefined;
    await connection.client.close().catch(() => undefined);
    if (connection.process) await killServerTree(connection.process);
  }

  private setState(state: ServerStatus): void {
    this.state = state;
    this.options.onChange();
  }
}
