import { describe, expect, it, vi } from 'vitest';
import { createEvents } from '../../../src/main/core/events';
import {
  forwardEvents,
  makeSenderCheck,
  registerChannelHandlers,
  type ChannelHandler,
  type InvokeEvent,
} from '../../../src/main/shell/ipc-register';
import { channelNames, eventNames, ipcChannel, ipcEvent, type GatehouseApi } from '../../../src/shared/ipc';
import { row, snapshot } from '../../helpers/health-fixtures';
import { unusedPanelChannels } from '../../helpers/panel-channels-unused';

const APP_URL = 'file:///opt/gatehouse/out/renderer/index.html';
const WINDOW_ID = 7;

function fakeApi(): GatehouseApi {
  return {
    ...unusedPanelChannels(),
    listHealth: vi.fn(async () => snapshot(1, [row('files', 'online')])),
    listConfigIssues: vi.fn(async () => []),
    startServer: vi.fn(async ({ name }) => ({ ok: true, row: row(name, 'starting'), message: `starting ${name}` })),
    stopServer: vi.fn(async ({ name }) => ({ ok: true, row: row(name, 'stopped'), message: `stopped ${name}` })),
    listSecrets: vi.fn(async () => ({ keychain: null, index_path: '/tmp/index.json', project_root: null, tenant: null, names: [] })),
    setSecret: vi.fn(async () => ({ ok: true, code: null, message: '', next_step: null, last_changed: null })),
    deleteSecret: vi.fn(async () => ({ ok: true, code: null, message: '', next_step: null, last_changed: null })),
    listProjectTrust: vi.fn(async () => ({ project_root: null, files: [] })),
    approveProjectFile: vi.fn(async () => ({ ok: false, message: 'not used here', report: { project_root: null, files: [] } })),
    revokeProjectFile: vi.fn(async () => ({ ok: false, message: 'not used here', report: { project_root: null, files: [] } })),
    listLogs: vi.fn(async () => ({ lines: [] })),
    runDoctor: vi.fn(async () => {
      throw new Error('not used in these tests');
    }),
  };
}

function setup(api: GatehouseApi = fakeApi()) {
  const handlers = new Map<string, ChannelHandler>();
  const log = vi.fn();
  const registrar = {
    handle: (channel: string, handler: ChannelHandler) => {
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel);
    },
  };
  const senderCheck = makeSenderCheck(() => WINDOW_ID, (url) => url.split('#')[0] === APP_URL);
  const registration = registerChannelHandlers(registrar, api, senderCheck, log);
  const call = (channel: string, input: unknown, event: InvokeEvent = trusted) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, input);
  };
  return { api, handlers, registration, call, log };
}

const trusted: InvokeEvent = { sender: { id: WINDOW_ID }, senderFrame: { url: `${APP_URL}#/servers`, parent: null } };

describe('registerChannelHandlers', () => {
  it('registers exactly one handler per channel in the map', () => {
    const { handlers, registration } = setup();
    const expected = ['listHealth', 'listConfigIssues', 'startServer', 'stopServer', 'listSecrets', 'setSecret', 'deleteSecret', 'runDoctor', 'listProjectTrust', 'approveProjectFile', 'revokeProjectFile', 'listLogs', ...Object.keys(unusedPanelChannels()).filter((name) => name !== 'stopServer')].map((name) => `gatehouse:invoke:${name}`);
    expect([...handlers.keys()].sort()).toEqual([...expected].sort());
    expect(registration.channels.sort()).toEqual(channelNames.map(ipcChannel).sort());
  });

  it('removes every handler on unregister', () => {
    const { handlers, registration } = setup();
    registration.unregister();
    expect(handlers.size).toBe(0);
  });

  it('passes validated input to the API and returns its validated output', async () => {
    const { api, call } = setup();
    await expect(call(ipcChannel('startServer'), { name: 'files' })).resolves.toMatchObject({ ok: true, message: 'starting files' });
    expect(api.startServer).toHaveBeenCalledWith({ name: 'files' });
    await expect(call(ipcChannel('listHealth'), {})).resolves.toMatchObject({ generation: 1 });
  });

  it('rejects invalid input naming the channel and the field, without calling the API', async () => {
    const { api, call } = setup();
    await expect(call(ipcChannel('startServer'), { name: 'a b' })).rejects.toThrow(/IPC_INVALID_INPUT.*startServer.*name:/);
    await expect(call(ipcChannel('stopServer'), {})).rejects.toThrow(/stopServer.*name:/);
    await expect(call(ipcChannel('listHealth'), { extra: 1 })).rejects.toThrow(/IPC_INVALID_INPUT.*listHealth/);
    await expect(call(ipcChannel('listHealth'), undefined)).rejects.toThrow(/listHealth: invalid input: \(input\)/);
    expect(api.startServer).not.toHaveBeenCalled();
    expect(api.stopServer).not.toHaveBeenCalled();
    expect(api.listHealth).not.toHaveBeenCalled();
  });

  it('rejects a foreign sender before looking at the input', async () => {
    const { api, call, log } = setup();
    const foreign: InvokeEvent[] = [
      { sender: { id: WINDOW_ID }, senderFrame: { url: 'https://evil.example/', parent: null } },
      { sender: { id: WINDOW_ID }, senderFrame: { url: APP_URL, parent: {} } },
      { sender: { id: WINDOW_ID + 1 }, senderFrame: { url: APP_URL, parent: null } },
      { sender: { id: WINDOW_ID }, senderFrame: null },
    ];
    for (const event of foreign) {
      await expect(call(ipcChannel('stopServer'), { name: 'files' }, event)).rejects.toThrow(/IPC_FORBIDDEN_SENDER.*stopServer/);
    }
    expect(api.stopServer).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/'));
  });

  it('refuses every sender while no window exists', async () => {
    const check = makeSenderCheck(() => null, () => true);
    expect(check(trusted)).toBe(false);
  });

  it('rejects output that breaks the schema and logs the detail', async () => {
    const api = fakeApi();
    // Simulates a core bug the type system would normally catch: output that is not a HealthSnapshot.
    api.listHealth = vi.fn(async () => ({ generation: -1, rows: 'nope' }) as unknown as Awaited<ReturnType<GatehouseApi['listHealth']>>);
    const { call, log } = setup(api);
    await expect(call(ipcChannel('listHealth'), {})).rejects.toThrow(/IPC_INVALID_OUTPUT.*listHealth/);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/listHealth.*(generation|rows)/));
  });

  it('strips fields the output schema does not declare', async () => {
    const api = fakeApi();
    const withExtra = { ...snapshot(3, []), secret: 'hunter2' };
    api.listHealth = vi.fn(async () => withExtra);
    const { call } = setup(api);
    await expect(call(ipcChannel('listHealth'), {})).resolves.toEqual({ generation: 3, rows: [] });
  });

  it('lets an API failure reach the caller', async () => {
    const api = fakeApi();
    api.startServer = vi.fn(async () => {
      throw new Error('E201 unknown server "nope"');
    });
    const { call } = setup(api);
    await expect(call(ipcChannel('startServer'), { name: 'nope' })).rejects.toThrow('E201 unknown server "nope"');
  });
});

describe('forwardEvents', () => {
  it('forwards every event in the map with only its payload', () => {
    const events = createEvents();
    const send = vi.fn();
    forwardEvents(events, send);
    const health = snapshot(5, [row('files', 'error', { last_error: 'exit 1' })]);
    events.emit('healthChanged', health);
    events.emit('configIssuesChanged', []);
    const trust = { project_root: null, files: [] };
    events.emit('projectTrustChanged', trust);
    const line = { ts: '2026-01-02T03:04:05.000Z', text: '[files] eager start failed: exit 1', server: 'files' };
    events.emit('logAppended', line);
    const activity = { generation: 1, sessions: [], projects: [], audit: [] };
    events.emit('activityChanged', activity);
    const provisioned = { server: 'files', status: 'complete' as const, message: "Server 'files' is ready with 3 tool(s)." };
    events.emit('provisioningFinished', provisioned);
    const jobs = { generation: 2, jobs: [] };
    events.emit('provisioningChanged', jobs);
    const signIn = { name: 'docs', status: 'waiting' as const, authorization_url: 'http://127.0.0.1:9/authorize', message: 'Waiting for the browser', next_step: null, scope: null };
    events.emit('oauthChanged', signIn);
    expect(send.mock.calls).toEqual([
      [ipcEvent('healthChanged'), health],
      [ipcEvent('configIssuesChanged'), []],
      [ipcEvent('projectTrustChanged'), trust],
      [ipcEvent('logAppended'), line],
      [ipcEvent('activityChanged'), activity],
      [ipcEvent('provisioningFinished'), provisioned],
      [ipcEvent('provisioningChanged'), jobs],
      [ipcEvent('oauthChanged'), signIn],
    ]);
    expect(new Set(send.mock.calls.map(([channel]) => channel))).toEqual(new Set(eventNames.map(ipcEvent)));
  });

  it('drops a payload that breaks its schema', () => {
    const events = createEvents();
    const send = vi.fn();
    const log = vi.fn();
    forwardEvents(events, send, log);
    // Simulates a core bug: an event payload that is not a HealthSnapshot.
    events.emit('healthChanged', { generation: 'x' } as unknown as ReturnType<typeof snapshot>);
    expect(send).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('healthChanged'));
  });

  it('stops forwarding after unsubscribe', () => {
    const events = createEvents();
    const send = vi.fn();
    const stop = forwardEvents(events, send);
    stop();
    events.emit('healthChanged', snapshot(1, []));
    expect(send).not.toHaveBeenCalled();
  });
});
