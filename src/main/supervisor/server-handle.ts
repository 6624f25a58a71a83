// One supervised server and its state machine (see ServerStatus in src/shared/domain.ts). Concurrent
// callers share one connect attempt; a stop during a start wins; a crash fails that server's calls at
// once and, for eager servers or servers with work in flight, restarts it with backoff until the
// crash-loop breaker opens.
import type { CallToolResult, Client, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';
import type { HealthRow, ServerStatus } from '../../shared/domain';
import type { ServerDefinition } from '../config/types';
import { authFieldsOf, needsCredential, type AuthFields } from '../common/auth-fields';
import { GatewayError, safeMessage } from '../common/errors';
import { startOutlastedCaller, startWaitCancelled, waitWithin, type CallerDeadline, type StartPhase } from './caller-deadline';
import { exitedDuringStart, openConnection, type Connection, } from './connect';
import { failureText, LifecycleLog } from './lifecycle-log';
import { SlowStartWatch } from './slow-start';
import { stderrRead } from './stderr-log';
import { LatencyWindow } from './latency';
import { LogRing } from './log-ring';
import { RestartPolicy, } from './restart-policy';
import { killServerTree, type SpawnedServer } from './stdio-process';
import { ServerCatalog, } from './server-catalog';
import { runToolCall, type ToolCallOptions } from './tool-call';
import { crashNextStep, crashSummary, exitOf, isExplained, untrustedError, type Exit, type HandleOptions, type StartOrigin } from './handle-support';
import type { ConfinementView } from '../common/confinement/view';
import { plannedConfinement } from './confinement/launch';

export type { HandleOptions, StartOrigin } from './handle-support';

export class ServerHandle {
  private state: ServerStatus = 'lazy';
  private connection: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  /** The child of a start still in its handshake: a stop must not leave it behind. */
  private spawning: SpawnedServer | null = null;
  private attempt = 0;
  /** How far the start in flight has come, and since when: what a caller that gives up is told. */
  private startPhase: StartPhase = 'preparing';
  private startBegan = 0;
  private startOrigin: StartOrigin = 'demand';
  private readonly slowStart = new SlowStartWatch();
  /** What happens after the last crash (restart, next use, breaker), for its log line. */
  private crashNext = '';
  private readonly lifecycle: LifecycleLog;
  private catalog = new ServerCatalog(0);
  private lastError: string | null = null;
  /** The connection that died last, until its exit code has been written into the row. */
  private crashed: Connection | null = null;
  private lastExit: Exit | null = null;
  private missingEnvVars: string[] = [];
  /** The auth fields of the last failed connect (auth_state, auth_challenge, auth_metadata, next_step). */
  private lastAuth: AuthFields = {};
  private startedAt: string | null = null;
  /** Its confinement as planned from the entry, then as its last child was spawned with. */
  private confinement: ConfinementView | null = null;
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly policy: RestartPolicy;
  readonly latency = new LatencyWindow();
  readonly stderr: LogRing;

  constructor(
    readonly definition: ServerDefinition,
    private readonly options: HandleOptions,
  ) {
    this.policy = new RestartPolicy(options.restartPolicy);
    this.lifecycle = new LifecycleLog(definition.name, options.log);
    this.stderr = new LogRing(undefined, undefined, options.redact, (line) => this.lifecycle.stderr.line(line));
  }

  get name(): string {
    return this.definition.name;
  }

  get status(): ServerStatus {
    return this.state;
  }

  get tools(): readonly Tool[] {
    return this.catalog.tools;
  }

  get resources(): readonly Resource[] {
    return this.catalog.resources;
  }

  /** Null when the server's templates could not be read (ask it live). */
  get resourceTemplates(): readonly ResourceTemplateType[] | null {
    return this.catalog.templatesUnreadable ? null : this.catalog.resourceTemplates;
  }

  get prompts(): readonly Prompt[] {
    return this.catalog.prompts;
  }

  get client(): Client | null {
    return this.connection?.client ?? null;
  }

  /** Why the last connect needs a credential, as contract auth fields (empty once a connect starts or succeeds). */
  authFields(): AuthFields {
    return this.lastAuth;
  }

  row(): HealthRow {
    // What its child runs inside (or would): planned once for a server not started yet.
    this.confinement ??= plannedConfinement(this.definition, this.options.gatewayEnv, this.options.confinement);
    const client = this.connection?.client;
    const live = this.state === 'online' || this.state === 'degraded';
    const untrusted = this.definition.untrusted !== undefined;
    const skipped = untrusted || (this.definition.startupPolicy === 'eager' && this.state === 'auth_required');
    return {
      name: this.name,
      status: this.state,
      transport: this.connection?.transport ?? this.definition.transport,
      startup_policy: skipped ? 'skipped' : this.definition.startupPolicy,
      source: this.definition.source,
      source_path: this.definition.sourcePath,
      pid: this.connection?.process?.child.pid ?? null,
      tool_count: this.catalog.tools.length,
      protocol_version: (live && client?.getNegotiatedProtocolVersion()) || null,
      started_at: live ? this.startedAt : null,
      last_error: this.lastError,
      startup_skip_reason: untrusted ? 'untrusted_project' : skipped ? 'missing_auth' : null,
      missing_env_vars: this.missingEnvVars,
      restart_count: this.restarts,
      last_exit_code: this.lastExit?.code ?? null,
      last_exit_signal: this.lastExit?.signal ?? null,
      breaker: this.policy.breaker,
      capabilities: live ? Object.keys(client?.getServerCapabilities() ?? {}).sort() : [],
      pending_count: this.options.pending.countFor(this.name),
      waiting_for_client: this.options.pending.waitingFor(this.name),
      latency: this.latency.summary(),
      confinement: this.confinement,
    };
  }

  /**
   * Connects if needed; every concurrent caller awaits the same attempt. `manual` is the operator (or a
   * lifecycle tool) asking explicitly: it may try even while the crash-loop breaker is open. A caller
   * with a `deadline` stops waiting when it passes (E202) or when it is cancelled (E307); the attempt
   * goes on, bounded by its own connect timeout, for the other callers and the next call.
   */
  async ensureConnected(options: { manual?: boolean; deadline?: CallerDeadline; origin?: StartOrigin } = {}): Promise<Client> {
    if (this.definition.untrusted) throw untrustedError(this.name, this.definition.untrusted);
    if (this.connection && (this.state === 'online' || this.state === 'degraded')) return this.connection.client;
    if (this.state === 'crash_loop' && !this.connecting) {
      if (options.manual) this.policy.reset();
      else if (this.policy.breaker === 'open') {
        throw new GatewayError('E206', `server "${this.name}" crashed ${this.policy.recentCrashes} times in a row; automatic restarts are paused`,
          { server: this.name, retry_after_ms: this.policy.retryAfterMs() },
          `fix the server, then gateway.restart_server(server_name='${this.name}')`, true);
      }
    }
    this.clearRestartTimer();
    if (!this.connecting) {
      this.startOrigin = options.origin ?? 'demand';
      this.connecting = this.connect();
    }
    const { deadline } = options;
    const connection = await waitWithin(this.connecting, deadline, {
      expired: (passed) => startOutlastedCaller(this.name, this.startPhase, passed, Date.now() - this.startBegan, this.options.connectTimeoutMs),
      cancelled: () => startWaitCancelled(this.name),
    });
    return connection.client;
  }

  /** Stops the server; `lazy` puts it back to start-on-first-use (disconnect), `stopped` marks an operator stop. */
  async stop(finalState: 'stopped' | 'lazy' = 'stopped'): Promise<void> {
    this.attempt++; // any start in flight sees it is stale and cleans up after itself
    this.clearRestartTimer();
    const inflight = this.connecting;
    const connection = this.connection;
    const spawning = this.spawning;
    this.connecting = null;
    this.connection = null;
    this.spawning = null;
    this.catalog.clear();
    this.slowStart.clear();
    this.setState(finalState);
    if (connection) {
      await this.teardown(connection);
      this.lifecycle.stopped(connection.process ? { exit: await connection.process.exited } : 'remote');
    }
    if (spawning) await killServerTree(spawning);
    if (!connection && inflight) this.lifecycle.stopped('starting');
    // Resolve only once a start that was still spawning has cleaned up, so a caller that exits right
    // after stop() leaves no child behind.
    await inflight?.catch(() => undefined);
  }

  /** Stop, forget the crash history, start again with the same definition. */
  async restart(): Promise<Client> {
    await this.stop('lazy');
    this.policy.reset();
    return this.ensureConnected({ manual: true });
  }

  async callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<CallToolResult> {
    const client = await this.ensureConnected({ deadline: options.deadline });
    try {
      const definition = options.definition ?? this.catalog.tools.find((tool) => tool.name === name);
      const direct = this.connection?.client === client ? this.connection.directCalls : null;
      const withCeiling = { ...options, definition, direct, ceilingMs: options.ceilingMs ?? this.options.requestCeilingMs };
      return await runToolCall(client, this.options.pending, this.name, name, args, withCeiling, (ms) => this.latency.record(ms));
    } catch (error) {
      // The connection this call used died under it: say so (E205), whatever shape the SDK's error has.
      if (this.connection?.client !== client && !isExplained(error)) {
        throw new GatewayError('E205', `server "${this.name}" went away during the call: ${this.lastError ?? safeMessage(error)}`,
          { server: this.name }, 'the server restarts or starts again on the next call', true);
      }
      throw error;
    } finally {
      this.options.onChange('stats');
    }
  }

  private async connect(): Promise<Connection> {
    const attempt = ++this.attempt;
    this.startPhase = 'preparing';
    this.startBegan = Date.now();
    this.lastError = null;
    this.missingEnvVars = [];
    this.lastAuth = {};
    this.setState('starting');
    try {
      const connection = await openConnection(this.definition, {
        gatewayEnv: this.options.gatewayEnv,
        resolveVariables: this.options.resolveVariables,
        oauth: this.options.oauth,
        stderr: this.stderr,
        timeoutMs: this.options.connectTimeoutMs,
        lineLimit: this.options.lineLimit,
        useCgroup: this.options.useCgroup,
        confinement: this.options.confinement,
        onTransportError: (error) => {
          // EPIPE: the child is gone; its exit (code, last stderr) is reported on its own line instead.
          if ((error as NodeJS.ErrnoException).code !== 'EPIPE') this.lifecycle.say(safeMessage(error));
        },
        onHandshake: () => {
          if (attempt !== this.attempt) return;
          this.startPhase = 'handshake';
          // Still starting after a while: say why it may be slow (health's last_error while starting, and the log).
          this.slowStart.arm(
            this.options.connectTimeoutMs,
            this.definition.transport === 'stdio' ? (this.definition.python?.root ?? null) : null,
            () => this.spawning?.argv ?? null,
            () => attempt === this.attempt && this.state === 'starting' && this.startPhase === 'handshake',
            (note) => {
              this.lastError = note;
              this.lifecycle.say(note);
              this.options.onChange('state');
            },
          );
        },
        onSpawn: (process) => {
          this.options.onChildStarted?.(process);
          // Recorded until its whole tree is gone, not just the child: an escaped grandchild may outlive it.
          void process.stopped.then(() => this.options.onChildGone?.(process));
          if (attempt === this.attempt) {
            this.spawning = process;
            this.lifecycle.spawned(process.argv, process.child.pid);
            if (process.confinement) {
              this.confinement = process.confinement;
              this.lifecycle.confinement(process.confinement);
            }
          } else void killServerTree(process); // stopped before the child even existed
        },
      });
      if (attempt === this.attempt) {
        this.spawning = null;
        this.startPhase = 'listing';
      }
      const stale = () => new GatewayError('E204', `server "${this.name}" was stopped while it was starting`, { server: this.name });
      if (attempt !== this.attempt) {
        await this.teardown(connection);
        throw stale();
      }
      const catalog = new ServerCatalog(this.options.connectTimeoutMs);
      await catalog.load(connection.client);
      if (attempt !== this.attempt) {
        await this.teardown(connection);
        throw stale();
      }
      if (connection.isClosed()) {
        await this.teardown(connection);
        if (connection.process) throw exitedDuringStart(this.definition, await connection.process.exited, { stderr: this.stderr });
        throw new GatewayError('E204', `server "${this.name}" closed the connection during start-up`,
          { server: this.name }, 'check the server on its own; it starts again on the next call', true);
      }
      this.connection = connection;
      this.catalog = catalog;
      if (!catalog.toolsError) this.options.onToolsListed?.(catalog.tools);
      this.startedAt = new Date().toISOString();
      this.watchConnection(connection, attempt);
      this.options.onConnected?.(connection.client);
      this.lastError = catalog.toolsError;
      this.lifecycle.ready(Date.now() - this.startBegan, connection.client.getNegotiatedProtocolVersion() ?? null, catalog.tools.length, catalog.toolsError);
      this.setState(catalog.toolsError ? 'degraded' : 'online');
      return connection;
    } catch (error) {
      if (attempt === this.attempt) {
        this.spawning = null;
        this.lastError = safeMessage(error);
        const missing = error instanceof GatewayError ? (error.details.missing_env_vars as string[] | undefined) : undefined;
        this.missingEnvVars = missing ?? [];
        this.lastAuth = authFieldsOf(error);
        // A child that died while starting leaves its exit status in the row, as a crash later on does.
        this.lastExit = exitOf(error) ?? this.lastExit;
        // An eager start's or a restart's failure is logged by whoever began it ("eager start failed").
        if (this.startOrigin === 'demand') this.lifecycle.say(`start failed: ${failureText(error)}`);
        // A missing ${VAR} or a credential the remote server refused: waiting for auth, not broken.
        this.setState(needsCredential(error) ? 'auth_required' : 'error');
      }
      throw error;
    } finally {
      if (attempt === this.attempt) {
        this.connecting = null;
        this.slowStart.clear();
      }
    }
  }

  private watchConnection(connection: Connection, attempt: number): void {
    // Work was in flight if the pipe closed under unanswered requests, or calls are still registered.
    const hadWork = () => connection.unansweredAtClose() > 0 || this.options.pending.countFor(this.name) > 0;
    // Whichever comes first — the pipe closing or the exit — marks the connection dead at once, so no
    // caller is handed a closed client; the exit code fills in the row when it arrives.
    const child = connection.process?.child;
    void connection.process?.exited
      // Its last stderr lines may still be in the pipe at 'exit': the crash is described once they are read.
      .then(async (exit) => {
        if (child) await stderrRead(child);
        return exit;
      })
      .then((exit) => {
        if (this.connection === connection) this.onCrash(connection, attempt, exit, hadWork());
        else if (this.crashed === connection) this.describeCrash(exit);
      });
    connection.onClose(() => this.onCrash(connection, attempt, null, hadWork()));
    const catalog = this.catalog;
    catalog.watch(connection.client, () => this.connection === connection && this.catalog === catalog, (kind) => {
      if (kind === 'tools') {
        if (!catalog.toolsError) this.options.onToolsListed?.(catalog.tools);
        this.lastError = catalog.toolsError; // a failed re-read keeps the previous list: degraded
        this.setState(catalog.toolsError ? 'degraded' : 'online');
      }
      this.options.onCatalogChanged?.(kind);
    });
  }

  /** An exit or close nobody asked for. Its calls already failed (the transport closed under them). */
  private onCrash(connection: Connection, attempt: number, exit: Exit | null, hadWork: boolean): void {
    if (attempt !== this.attempt || this.connection !== connection) return;
    this.connection = null;
    this.crashed = connection;
    this.catalog.clear();
    void this.teardown(connection);
    const delay = this.policy.recordCrash();
    const restarting = delay !== null && (this.definition.startupPolicy === 'eager' || hadWork);
    this.crashNext = crashNextStep(this.name, delay, restarting);
    this.describeCrash(exit, false);
    if (delay === null) {
      this.setState('crash_loop');
    } else if (restarting) {
      this.setState('restarting');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        this.restarts++;
        this.ensureConnected({ origin: 'restart' }).catch((error) => this.lifecycle.say(`restart failed: ${failureText(error)}`));
      }, delay);
      this.restartTimer.unref();
    } else {
      this.setState('lazy'); // it starts again on its next use; the row keeps why it died
    }
  }

  private describeCrash(exit: Exit | null, publish = true): void {
    this.lastExit = exit;
    const openAfter = this.policy.breaker === 'closed' ? null : this.policy.recentCrashes;
    this.lastError = crashSummary(exit, this.crashed, this.stderr.tail(3), openAfter);
    // Logged once, when the exit status is known (a remote connection has none to wait for).
    if (exit || !this.crashed?.process) this.lifecycle.crashed(this.lastError, this.crashNext);
    if (exit) this.crashed = null;
    if (publish) this.options.onChange('state');
  }

  private clearRestartTimer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  private async teardown(connection: Connection): Promise<void> {
    await connection.client.close().catch(() => undefined);
    if (connection.process) await killServerTree(connection.process);
  }

  private setState(state: ServerStatus): void {
    this.state = state;
    this.options.onChange('state');
  }
}
