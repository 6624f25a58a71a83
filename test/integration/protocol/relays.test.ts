// A downstream server's sampling and elicitation requests, made while it serves a call, relayed to the
// client session that made the call (server-everything's trigger-* tools, through the real gateway):
// answered by a client that declared the capability, the spec's error for one that did not, refused
// when policy denies relaying from that server, and "waiting for the client" on the pending call meanwhile.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySnapshot } from '../../../src/shared/activity';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { everythingServer } from '../../helpers/workspace';
import { openProtocolGateway, type Lane, type ProtocolGateway } from './gateway';

const POLICY = 'relays:\n  denylist: ["guarded::sampling"]\n';
const HANDSHAKE_LANES: Lane[] = ['memory', 'http-handshake'];

let gateway: ProtocolGateway;
beforeAll(async () => {
  gateway = await openProtocolGateway({ mcpServers: { everything: everythingServer(), guarded: everythingServer() } }, { policy: POLICY });
  await gateway.gatehouse.api.startServer({ name: 'everything' });
  await gateway.gatehouse.api.startServer({ name: 'guarded' });
});
afterAll(async () => gateway?.close());

interface PendingListing {
  requests: { tool_id: string; waiting_for_client: string | null }[];
}

describe.each(HANDSHAKE_LANES)('%s', (lane) => {
  let sampler: Client;
  let plain: Client;
  let elicited: Client;
  let browser: Client;
  const seenWhileWaiting: PendingListing[] = [];
  const samplingAsked: unknown[] = [];
  const panelWhileWaiting: ActivitySnapshot[] = [];

  beforeAll(async () => {
    sampler = await gateway.connect(lane, {
      name: 'sampler',
      capabilities: { sampling: {} },
      handlers: (client) =>
        client.setRequestHandler('sampling/createMessage', async (request) => {
          samplingAsked.push(request.params);
          // A person (or a slow model) answering: longer than the call's whole idle timeout.
          if (JSON.stringify(request.params).includes('take your time')) await new Promise((r) => setTimeout(r, 2_500));
          // The call waits for this client now: its pending record says so.
          seenWhileWaiting.push((await callMeta<PendingListing>(client, 'gateway.list_pending')).body);
          panelWhileWaiting.push(await gateway.gatehouse.api.listActivity({}));
          return { role: 'assistant', content: { type: 'text', text: 'relayed answer 7f3a' }, model: 'test-model' };
        }),
    });
    plain = await gateway.connect(lane, { name: 'plain' });
    elicited = await gateway.connect(lane, {
      name: 'elicited',
      capabilities: { elicitation: { form: {} } },
      handlers: (client) =>
        client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada Relay', check: true } })),
    });
    browser = await gateway.connect(lane, {
      name: 'browser',
      capabilities: { elicitation: { form: {}, url: {} } },
      handlers: (client) => client.setRequestHandler('elicitation/create', async (request) => (request.params.mode === 'url' ? { action: 'accept' } : { action: 'decline' })),
    });
  });

  it('relays sampling to the session that made the call, which is shown waiting for the client', async () => {
    const outcome = await invoke(sampler, 'everything::trigger-sampling-request', { prompt: 'hello', maxTokens: 5 });
    expect(outcome.ok).toBe(true);
    expect(outcome.text).toContain('relayed answer 7f3a');
    expect(JSON.stringify(samplingAsked.at(-1))).toContain('hello');
    const waiting = seenWhileWaiting.at(-1)?.requests.find((r) => r.tool_id === 'everything::trigger-sampling-request');
    expect(waiting?.waiting_for_client).toBe('sampling/createMessage');
    // The panel's activity view shows the same.
    const calls = panelWhileWaiting.at(-1)?.sessions.flatMap((s) => s.calls) ?? [];
    expect(calls.find((c) => c.tool_id === 'everything::trigger-sampling-request')?.waiting_for_client).toBe('sampling/createMessage');
  });

  it('gives the server the spec error when the calling client did not declare sampling', async () => {
    const before = samplingAsked.length;
    const outcome = await invoke(plain, 'everything::trigger-sampling-request', { prompt: 'hello', maxTokens: 5 });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).toContain('does not support sampling');
    expect(samplingAsked.length).toBe(before);
  });

  it('refuses relaying when policy denies it for that server', async () => {
    const before = samplingAsked.length;
    const outcome = await invoke(sampler, 'guarded::trigger-sampling-request', { prompt: 'hello', maxTokens: 5 });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).toContain('blocked by policy');
    expect(samplingAsked.length).toBe(before);
  });

  it('does not time a call out while it waits for its client to answer', async () => {
    const outcome = await invoke(sampler, 'everything::trigger-sampling-request', { prompt: 'take your time', maxTokens: 5 }, { timeout_ms: 1000 });
    expect(outcome.code).toBeNull();
    expect(outcome.text).toContain('relayed answer 7f3a');
  });

  it('relays a URL elicitation only to a client that declared URL mode', async () => {
    const args = { url: 'https://example.com/consent' };
    const formOnly = await callMeta(elicited, 'gateway.invoke', { tool_id: 'everything::trigger-url-elicitation', arguments: args });
    expect(formOnly.isError).toBe(true);
    expect(JSON.stringify(formOnly.body)).toContain('does not support url-mode elicitation');
    const accepted = await callMeta<{ ok: boolean }>(browser, 'gateway.invoke', { tool_id: 'everything::trigger-url-elicitation', arguments: args });
    expect(accepted.body.ok).toBe(true);
  });

  it('relays a form elicitation and hands the answer back to the server', async () => {
    const { body } = await callMeta<{ ok: boolean }>(elicited, 'gateway.invoke', { tool_id: 'everything::trigger-elicitation-request', arguments: {} });
    expect(body.ok).toBe(true);
    // The server echoes the accepted content in a later content block.
    expect(JSON.stringify(body)).toContain('Ada Relay');
  });
});

describe('http-stateless (2026-07-28)', () => {
  it('asks the client with input_required and finishes the call on its retry', async () => {
    const asked: unknown[] = [];
    // The SDK client answers input_required from its own handlers and retries with the requestState.
    const client = await gateway.connect('http-stateless', {
      name: 'stateless',
      capabilities: { sampling: {} },
      handlers: (c) =>
        c.setRequestHandler('sampling/createMessage', async (request) => {
          asked.push(request.params);
          return { role: 'assistant', content: { type: 'text', text: 'stateless answer 5c1d' }, model: 'test-model' };
        }),
    });
    const outcome = await invoke(client, 'everything::trigger-sampling-request', { prompt: 'hello', maxTokens: 5 });
    expect(outcome.ok).toBe(true);
    expect(outcome.text).toContain('stateless answer 5c1d');
    expect(asked).toHaveLength(1);
  });

  it('gives the server the spec error when the request did not declare sampling', async () => {
    const client = await gateway.connect('http-stateless', { name: 'stateless-plain' });
    const outcome = await invoke(client, 'everything::trigger-sampling-request', { prompt: 'hello', maxTokens: 5 });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).toContain('does not support sampling');
  });
});

describe('requestState', () => {
  it('refuses a retry naming a requestState the gateway never gave this caller', async () => {
    const client = await gateway.connect('http-stateless', { name: 'forger', capabilities: { sampling: {} } });
    const forged = 'ab'.repeat(32);
    await expect(
      client.request({ method: 'tools/call', params: { name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: 'x' } }, requestState: forged, inputResponses: {} } }),
    ).rejects.toThrow(/Invalid or expired requestState/);
  });
});
