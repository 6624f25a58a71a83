// A downstream server's log lines and resource updates through the real gateway (server-everything's
// simulated logging and subscriber updates, every 5 s): notifications/message reaches the sessions that
// asked with logging/setLevel, at or above their level, under the server's name as logger; and
// notifications/resources/updated reaches only the sessions subscribed to that resource, under the URI
// they subscribed with. Over an in-memory session and the HTTP listener (2025-11-25 sessions).
import type { Client, LoggingMessageNotification } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { everythingServer } from '../../helpers/workspace';
import { openProtocolGateway, type Lane, type ProtocolGateway } from './gateway';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const HANDSHAKE_LANES: Lane[] = ['memory', 'http-handshake'];

let gateway: ProtocolGateway;
let document: string;
beforeAll(async () => {
  gateway = await openProtocolGateway({ mcpServers: { everything: everythingServer() } });
  await gateway.gatehouse.api.startServer({ name: 'everything' });
  // One stdio child serves every session: its simulations are switched on once, for all of them.
  const starter = await gateway.connect('memory', { name: 'starter' });
  expect((await invoke(starter, 'everything::toggle-simulated-logging')).ok).toBe(true);
  expect((await invoke(starter, 'everything::toggle-subscriber-updates')).ok).toBe(true);
  const { resources } = await starter.listResources();
  const found = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'));
  if (!found) throw new Error('server-everything lists no static document');
  document = found.uri;
}, 60_000);
afterAll(async () => gateway?.close());

function collect(lines: LoggingMessageNotification['params'][], updates: string[]) {
  return (client: Client) => {
    client.setNotificationHandler('notifications/message', (n) => void lines.push(n.params));
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
  };
}

describe.each(HANDSHAKE_LANES)('%s', (lane) => {
  it('advertises logging and resource subscriptions', async () => {
    const client = await gateway.connect(lane);
    expect(client.getServerCapabilities()?.logging).toBeDefined();
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
  });

  it('passes log lines to a session that set a level, at or above it, named for their server', async () => {
    const loud: LoggingMessageNotification['params'][] = [];
    const picky: LoggingMessageNotification['params'][] = [];
    const all = await gateway.connect(lane, { handlers: collect(loud, []) });
    const warnings = await gateway.connect(lane, { handlers: collect(picky, []) });
    await all.setLoggingLevel('debug');
    await warnings.setLoggingLevel('warning');
    await waitFor(() => loud.length > 0 && picky.length > 0, 'log lines at both sessions', 45_000);
    expect(loud[0]).toMatchObject({ logger: 'everything' });
    expect(String(loud[0]?.data)).toMatch(/message/);
    for (const line of picky) expect(LEVELS.indexOf(line.level)).toBeGreaterThanOrEqual(LEVELS.indexOf('warning'));
  }, 60_000);

  it('routes resource updates only to the subscribed sessions, under the URI each used', async () => {
    const bareUpdates: string[] = [];
    const namedUpdates: string[] = [];
    const otherUpdates: string[] = [];
    const bare = await gateway.connect(lane, { handlers: collect([], bareUpdates) });
    const named = await gateway.connect(lane, { handlers: collect([], namedUpdates) });
    await gateway.connect(lane, { handlers: collect([], otherUpdates) });
    await bare.subscribeResource({ uri: document });
    await named.subscribeResource({ uri: `everything::${document}` });
    await waitFor(() => bareUpdates.length >= 2 && namedUpdates.length >= 2, 'two updates at each subscribed session', 45_000);
    expect(new Set(bareUpdates)).toEqual(new Set([document]));
    expect(new Set(namedUpdates)).toEqual(new Set([`everything::${document}`]));
    // Two update rounds went by: a broadcast would have reached the session that did not subscribe.
    expect(otherUpdates).toEqual([]);
    await bare.unsubscribeResource({ uri: document });
    await named.unsubscribeResource({ uri: `everything::${document}` });
  }, 60_000);

  it('refuses a subscription to a resource no server offers', async () => {
    const client = await gateway.connect(lane);
    await expect(client.subscribeResource({ uri: 'nowhere://nothing' })).rejects.toThrow(/not found|nowhere/i);
  });
});

describe('http-stateless (2026-07-28)', () => {
  it('does not promise resource subscriptions: a request\'s server is gone before any update', async () => {
    const client = await gateway.connect('http-stateless');
    expect(client.getServerCapabilities()?.resources?.subscribe).toBeUndefined();
    expect(client.getServerCapabilities()?.tools?.listChanged).toBeUndefined();
  });
});

describe('after the server restarts', () => {
  it('renews the subscriptions sessions hold there, so their updates keep coming', async () => {
    const updates: string[] = [];
    const client = await gateway.connect('memory', { handlers: collect([], updates) });
    await client.subscribeResource({ uri: document });
    await gateway.gatehouse.api.stopServer({ name: 'everything' });
    await gateway.gatehouse.api.startServer({ name: 'everything' });
    const before = updates.length;
    // The new process starts with its simulations off: switch its updates on again.
    expect((await invoke(client, 'everything::toggle-subscriber-updates')).ok).toBe(true);
    await waitFor(() => updates.length > before, 'an update from the restarted server', 45_000);
    expect(updates.at(-1)).toBe(document);
  }, 60_000);
});
