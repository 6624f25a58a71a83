// What a child sends toward a client while serving a call is hostile: a relayed sampling request and a
// log line that quote the child's secret reach the client redacted (the gateway's outgoing redaction
// choke point). The child (test/fixtures/servers/chatty-server.ts) asks the 2026-07-28 way when it
// negotiated that era with Gatehouse (input_required, answered on the retry), so this also drives a
// downstream multi-round-trip call relayed to a 2025-11-25 client session.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Client, LoggingMessageNotification } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingsOf } from '../../../src/main/redaction/secret-forms';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { REPO_ROOT } from '../../helpers/workspace';
import { openProtocolGateway, type Lane, type ProtocolGateway } from './gateway';

const CHATTY_SERVER = join(REPO_ROOT, 'out/fixtures/chatty-server.mjs');
const SECRET = `ch${randomBytes(12).toString('hex')}Z9`;
const leaks = (value: unknown) => encodingsOf(SECRET).filter((form) => JSON.stringify(value).includes(form));

let gateway: ProtocolGateway;
beforeAll(async () => {
  const chatty = { command: process.execPath, args: [CHATTY_SERVER], env: { CHATTY_SECRET: '${CHATTY_SECRET}' } };
  const modern = { ...chatty, env: { ...chatty.env, CHATTY_ERA: 'modern' } };
  gateway = await openProtocolGateway({ mcpServers: { chatty, modern } }, { env: { CHATTY_SECRET: SECRET } });
  await gateway.gatehouse.api.startServer({ name: 'chatty' });
  await gateway.gatehouse.api.startServer({ name: 'modern' });
});
afterAll(async () => gateway?.close());

describe.each(['memory', 'http-handshake'] as Lane[])('%s', (lane) => {
  const asked: unknown[] = [];
  const lines: LoggingMessageNotification['params'][] = [];
  let client: Client;
  beforeAll(async () => {
    client = await gateway.connect(lane, {
      capabilities: { sampling: {} },
      handlers: (c) => {
        c.setRequestHandler('sampling/createMessage', async (request) => {
          asked.push(request.params);
          return { role: 'assistant', content: { type: 'text', text: 'a short summary' }, model: 'test-model' };
        });
        c.setNotificationHandler('notifications/message', (n) => void lines.push(n.params));
      },
    });
  });

  it.each([
    ['chatty', '2025-11-25'],
    // With this child Gatehouse speaks 2026-07-28: the question came as input_required, the answer went on the retry.
    ['modern', '2026-07-28'],
  ])('relays the sampling request of %s (%s) with its secret redacted, and hands the answer back', async (server, era) => {
    const before = asked.length;
    const outcome = await invoke(client, `${server}::ask_model`);
    expect(outcome.ok).toBe(true);
    expect(outcome.text).toBe(`model said (${era}): a short summary`);
    expect(asked.length).toBe(before + 1);
    expect(JSON.stringify(asked.at(-1))).toContain('Summarise this for me');
    expect(leaks(asked)).toEqual([]);
  });

  it('passes the child\'s log line to the caller with its secret redacted', async () => {
    await client.setLoggingLevel('debug');
    expect((await invoke(client, 'chatty::log_secret')).ok).toBe(true);
    const line = await waitFor(() => lines.find((l) => String(l.data).includes('lost the key')), 'the log line');
    expect(line.logger).toBe('chatty::chatty');
    expect(leaks(lines)).toEqual([]);
  });

  it.each(['chatty', 'modern'])('passes %s\'s log line at the level the session asked for', async (server) => {
    await client.setLoggingLevel('warning');
    expect((await invoke(client, `${server}::log_politely`)).ok).toBe(true);
    // A 2026-07-28 server has no logging/setLevel: it logs only when the call's _meta names a level.
    const line = await waitFor(() => lines.find((l) => l.logger === `${server}::manners`), `${server}'s warning`);
    expect(line).toMatchObject({ level: 'warning', data: 'a polite warning' });
  });
});

describe('http-stateless (2026-07-28)', () => {
  it.each(['chatty', 'modern'])('hands %s\'s question to the client inside input_required, with its secret redacted', async (server) => {
    const asked: unknown[] = [];
    const client = await gateway.connect('http-stateless', {
      capabilities: { sampling: {} },
      handlers: (c) =>
        c.setRequestHandler('sampling/createMessage', async (request) => {
          asked.push(request.params);
          return { role: 'assistant', content: { type: 'text', text: 'a short summary' }, model: 'test-model' };
        }),
    });
    const outcome = await invoke(client, `${server}::ask_model`);
    expect(outcome.ok).toBe(true);
    expect(outcome.text).toContain('a short summary');
    expect(JSON.stringify(asked)).toContain('Summarise this for me');
    expect(leaks(asked)).toEqual([]);
  });
});

describe('URL elicitation completion', () => {
  it('routes the server\'s completion notice to the session it asked', async () => {
    const completed: string[] = [];
    const other: string[] = [];
    const handlers = (into: string[]) => (c: Client) => {
      c.setRequestHandler('elicitation/create', async () => ({ action: 'accept' }));
      c.setNotificationHandler('notifications/elicitation/complete', (n) => void into.push(n.params.elicitationId));
    };
    const asker = await gateway.connect('memory', { capabilities: { elicitation: { url: {} } }, handlers: handlers(completed) });
    await gateway.connect('memory', { capabilities: { elicitation: { url: {} } }, handlers: handlers(other) });
    const outcome = await invoke(asker, 'chatty::open_link');
    expect(outcome.text).toBe('link accept');
    await waitFor(() => completed.includes('chatty-link-1'), 'the completion notice');
    expect(other).toEqual([]);
  });
});
