// The desktop app's gateway and its modes. One gateway per user: at start the app serves (its own core,
// the loopback HTTP listener, the announcement in instance.json) unless a headless gateway is already
// announced — then, on the operator's word, it attaches to that one (tray and panel show and drive its
// servers) or takes over (stops it, then serves). Pause closes the listener, withdraws the announcement
// and stops every running child until Resume. The IPC handlers, the tray and the notifier hold this
// object's `api` and `events` for the app's whole life, whichever mode it is in. Plain Node: no Electron.
import type { HealthSnapshot, ServerActionResult, ServerStatus } from '../../shared/domain';
import { eventNames, type GatehouseApi } from '../../shared/ipc';
import { safeMessage } from '../common/errors';
import { createEvents, type GatehouseEvents } from '../core/events';
import { runningGateway, startSharedGateway, type GatewayAlreadyRunning, type SharedGateway } from '../core/shared-gateway';
import type { Gatehouse } from '../core/types';
import type { HttpSettings } from '../http/settings';
import { processAlive, type InstanceRecord } from '../state/instance-file';
import { findLiveInstance } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';
import { attachRemoteGateway, type RemoteGateway } from './remote-gateway';

export type GatewayState =
  | { mode: 'starting' }
  | { mode: 'serving'; url: string }
  /** The core runs but the listener could not start (the port is taken by something else). */
  | { mode: 'unserved'; reason: string }
  | { mode: 'paused' }
  /** Showing and driving a headless gateway; `lost` once it stopped answering. */
  | { mode: 'attached'; pid: number; url: string; lost: string | null }
  | { mode: 'stopped' };

export type AttachChoice = 'attach' | 'takeOver' | 'quit';

export interface DesktopGatewayInput {
  core: Gatehouse;
  settings: HttpSettings;
  log: (line: string) => void;
  /** Asked once at start when another gateway is announced. */
  choose: (other: GatewayAlreadyRunning) => Promise<AttachChoice>;
  instancePath?: string;
  /** How long a taken-over gateway gets to stop its children and exit (it allows them 10 s). */
  takeOverTimeoutMs?: number;
  pollMs?: number;
}

export interface DesktopGateway {
  api: GatehouseApi;
  events: GatehouseEvents;
  state(): GatewayState;
  onState(listener: (state: GatewayState) => void): () => void;
  /** 'quit' when the operator chose to quit rather than attach or take over. */
  start(): Promise<'running' | 'quit'>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** From attached: stop the other gateway (if it still runs) and serve from this app. */
  takeOver(): Promise<void>;
  stop(): Promise<void>;
  shared(): SharedGateway | null;
}

const RUNNING: ReadonlySet<ServerStatus> = new Set(['online', 'degraded', 'starting', 'restarting']);

export class TakeOverFailed extends Error {
  readonly code = 'TAKE_OVER_FAILED';
}

export function createDesktopGateway(input: DesktopGatewayInput): DesktopGateway {
  const { core, settings, log } = input;
  const instancePath = input.instancePath ?? instanceFilePath();
  const events = createEvents();
  const stateListeners = new Set<(state: GatewayState) => void>();
  let state: GatewayState = { mode: 'starting' };
  let coreStarted = false;
  let shared: SharedGateway | null = null;
  let remote: RemoteGateway | null = null;
  let pausedServers: string[] = [];
  // Snapshots of the core and of an attached gateway count generations separately; the panel and tray
  // drop any generation not newer than the last. Each switch of source starts above all issued so far.
  let issued = 0;
  let offset = 0;
  const renumber = (snapshot: HealthSnapshot): HealthSnapshot => {
    const generation = offset + snapshot.generation;
    issued = Math.max(issued, generation);
    return { ...snapshot, generation };
  };
  const switchSource = (): void => {
    offset = issued + 1;
  };

  const setState = (next: GatewayState): void => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  // Everything the core pushes reaches the app, except its health while another gateway's is shown.
  for (const name of eventNames) {
    core.events.on(name, (payload) => {
      if (name === 'healthChanged' && remote) return;
      events.emit(name, name === 'healthChanged' ? renumber(payload as HealthSnapshot) : payload);
    });
  }

  const refusal = (name: string, why: string): ServerActionResult => ({ ok: false, row: null, message: `${name}: ${why}` });

  const api: GatehouseApi = {
    ...core.api,
    listHealth: async (request) => renumber(remote ? remote.snapshot() : await core.api.listHealth(request)),
    startServer: async (request) => {
      if (remote) return remote.startServer(request.name);
      if (state.mode === 'paused') return refusal(request.name, 'the gateway is paused; choose Resume gateway in the tray menu first');
      return core.api.startServer(request);
    },
    stopServer: async (request) => (remote ? remote.stopServer(request.name) : core.api.stopServer(request)),
  };

  const listen = async (): Promise<void> => {
    try {
      shared = await startSharedGateway(core, settings, log, instancePath);
      log(`serving MCP at ${shared.http.url}`);
      setState({ mode: 'serving', url: shared.http.url });
    } catch (error) {
      // The panel and tray still work on the core; the state line says why MCP clients are not served.
      const reason = `the HTTP gateway did not start: ${safeMessage(error)}`;
      log(reason);
      setState({ mode: 'unserved', reason });
    }
  };

  const serve = async (): Promise<void> => {
    if (!coreStarted) {
      switchSource();
      await core.start();
      coreStarted = true;
    }
    await listen();
  };

  const attach = async (record: InstanceRecord): Promise<boolean> => {
    try {
      switchSource();
      remote = await attachRemoteGateway({
        record,
        log,
        pollMs: input.pollMs,
        onSnapshot: (snapshot) => events.emit('healthChanged', renumber(snapshot)),
        onLost: (reason) => {
          log(reason);
          if (state.mode === 'attached') setState({ ...state, lost: reason });
        },
      });
    } catch (error) {
      log(`could not attach to the gateway at ${record.url} (pid ${record.pid}): ${safeMessage(error)}; serving from this app`);
      remote = null;
      return false;
    }
    log(`attached to the gateway at ${record.url} (pid ${record.pid}); its servers are shown and driven from here`);
    events.emit('healthChanged', renumber(remote.snapshot()));
    setState({ mode: 'attached', pid: record.pid, url: record.url, lost: null });
    return true;
  };

  /** Stops the announced gateway (only once its listener proved it is the one instance.json names). */
  const stopOther = async (record: InstanceRecord): Promise<void> => {
    const live = await findLiveInstance(instancePath);
    if (!live.ok || live.record.pid !== record.pid) return; // already gone
    log(`taking over: stopping the gateway pid ${record.pid}`);
    process.kill(record.pid, 'SIGTERM');
    const deadline = Date.now() + (input.takeOverTimeoutMs ?? 15_000);
    while (processAlive(record.pid)) {
      if (Date.now() > deadline) throw new TakeOverFailed(`the gateway pid ${record.pid} did not stop within ${Math.round((input.takeOverTimeoutMs ?? 15_000) / 1000)} s; stop it yourself, then choose Serve from this app`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const fromAnnounced = async (other: GatewayAlreadyRunning, choice: AttachChoice): Promise<'running' | 'quit'> => {
    if (choice === 'quit') return 'quit';
    if (choice === 'attach' && (await attach(other.record))) return 'running';
    if (choice === 'takeOver') await stopOther(other.record);
    await serve();
    return 'running';
  };

  return {
    api,
    events,
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    async start() {
      const other = await runningGateway(instancePath);
      if (other) return fromAnnounced(other, await input.choose(other));
      await serve();
      return 'running';
    },
    async pause() {
      if (state.mode !== 'serving' && state.mode !== 'unserved') return;
      await shared?.close();
      shared = null;
      const { rows } = await core.api.listHealth({});
      pausedServers = rows.filter((row) => RUNNING.has(row.status)).map((row) => row.name);
      await Promise.all(pausedServers.map((name) => core.api.stopServer({ name })));
      log(`gateway paused: MCP clients are not served; stopped ${pausedServers.length ? pausedServers.join(', ') : 'no servers'}`);
      setState({ mode: 'paused' });
    },
    async resume() {
      if (state.mode !== 'paused') return;
      const other = await runningGateway(instancePath);
      // Someone started a gateway while this one was paused: the operator decides, as at start.
      if (other) {
        const choice = await input.choose(other);
        if (choice === 'quit') return;
        if (choice === 'attach') {
          if (await attach(other.record)) return;
        } else await stopOther(other.record);
      }
      await listen();
      const names = pausedServers;
      pausedServers = [];
      for (const result of await Promise.all(names.map((name) => core.api.startServer({ name })))) {
        if (!result.ok) log(`resume: ${result.message}`);
      }
    },
    async takeOver() {
      if (state.mode !== 'attached' || !remote) return;
      const { record } = remote;
      await stopOther(record);
      await remote.close();
      remote = null;
      switchSource();
      await serve();
      if (coreStarted) events.emit('healthChanged', renumber(await core.api.listHealth({})));
    },
    async stop() {
      await remote?.close();
      remote = null;
      await shared?.close();
      shared = null;
      if (coreStarted) await core.stop();
      coreStarted = false;
      setState({ mode: 'stopped' });
    },
    shared: () => shared,
  };
}

