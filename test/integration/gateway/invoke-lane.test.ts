// The invoke lane (src/main/gateway/invoke-lane.ts) seen from the wire of a 2025-era session: a real core
// in this process, a real SDK client on an in-memory pair or over the real HTTP listener (the lane serves
// every transport), and the fault fixture server as the downstream child. Each test looks at the raw messages the client
// received, which is where the lane and the SDK's own path could differ.
import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { connectClient, startGateway, type Running } from '../http/support';

let workspace: Workspace;
let core: CoreUnderTest;

beforeEach(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  core = await startCore(workspace);
  await core.gatehouse.api.startServer({ name: 'fault' });
});

afterEach(async () => {
  await core.close();
  workspace.cleanup();
});

/** A client on its own session whose every received message is kept, and which can send raw lines. */
async function wiredClient() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = core.gatehouse.createMcpServer('in-process');
  await server.connect(serverSide);
  const client = new Client({ name: 'lane-test', version: '1.0.0' });
  await client.connect(clientSide);
  const received: JSONRPCMessage[] = [];
  const sdk = clientSide.onmessage;
  clientSide.onmessage = (message, extra) => {
    received.push(message);
    sdk?.(message, extra);
  };
  const answerTo = (id: string | number) => received.find((m) => 'id' in m && m.id === id && !('method' in m));
  return { client, server, clientSide, received, answerTo };
}

/** Calls in flight, as the operator sees them (every session's). */
async function pendingCount(): Promise<number> {
  const operator = await core.connect({ sessionId: 'operator', operator: true });
  const { body } = await callMeta<{ total_pending: number }>(operator, 'gateway.list_pending');
  await operator.close();
  return body.total_pending;
}

async function stderrTail(): Promise<string[]> {
  const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core.client, 'gateway.health', { verbose: true });
  return body.servers.find((s) => s.name === 'fault')?.stderr_tail ?? [];
}

const invokeParams = (toolId: string, args: Record<string, unknown> = {}) => ({ name: 'gateway.invoke', arguments: { tool_id: toolId, arguments: args } });

describe('the invoke lane', () => {
  it('answers string and numeric request ids with their own ids, each with the invoke envelope', async () => {
    const { clientSide, answerTo } = await wiredClient();
    await clientSide.send({ jsonrpc: '2.0', id: 'lane-a', method: 'tools/call', params: invokeParams('fault::echo', { message: 'one' }) });
    await clientSide.send({ jsonrpc: '2.0', id: 900_001, method: 'tools/call', params: invokeParams('fault::echo', { message: 'two' }) });
    const a = await waitFor(() => answerTo('lane-a'), 'the answer to lane-a');
    const b = await waitFor(() => answerTo(900_001), 'the answer to 900001');
    for (const [answer, text] of [[a, 'one'], [b, 'two']] as const) {
      expect(answer).toMatchObject({ jsonrpc: '2.0', result: { content: [{ type: 'text' }] } });
      const body = JSON.parse((answer as unknown as { result: { content: { text: string }[] } }).result.content[0]?.text ?? '{}');
      expect(body).toMatchObject({ tool_id: 'fault::echo', ok: true });
      expect(JSON.stringify(body.result)).toContain(text);
    }
  });

  it('sends a cancelled call no answer and tells the server to stop it', async () => {
    const { clientSide, received, answerTo } = await wiredClient();
    await clientSide.send({ jsonrpc: '2.0', id: 'silent-1', method: 'tools/call', params: invokeParams('fault::silent') });
    await waitFor(async () => (await pendingCount()) === 1, 'the call to be pending');
    await clientSide.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'silent-1', reason: 'changed my mind' } });
    await waitFor(async () => (await stderrTail()).some((line) => line.startsWith('cancelled request')), 'the server to see notifications/cancelled');
    await waitFor(async () => (await pendingCount()) === 0, 'the call to end');
    // Another call answered after the cancellation shows the session went on; the cancelled one never got an answer.
    await clientSide.send({ jsonrpc: '2.0', id: 'after', method: 'tools/call', params: invokeParams('fault::echo', { message: 'after' }) });
    await waitFor(() => answerTo('after'), 'the answer to the next call');
    expect(answerTo('silent-1')).toBeUndefined();
    expect(received.filter((m) => 'id' in m && m.id === 'silent-1')).toEqual([]);
  });

  it('stops the calls in flight when the session closes', async () => {
    const { client, clientSide } = await wiredClient();
    await clientSide.send({ jsonrpc: '2.0', id: 'silent-2', method: 'tools/call', params: invokeParams('fault::silent') });
    await waitFor(async () => (await pendingCount()) === 1, 'the call to be pending');
    await client.close();
    await waitFor(async () => (await stderrTail()).some((line) => line.startsWith('cancelled request')), 'the server to see notifications/cancelled');
    await waitFor(async () => (await pendingCount()) === 0, 'the call to end');
  });

  it('leaves a malformed call to the SDK, which answers with its invalid-params error', async () => {
    const { clientSide, answerTo } = await wiredClient();
    await clientSide.send({ jsonrpc: '2.0', id: 'bad-args', method: 'tools/call', params: { name: 'gateway.invoke', arguments: 'not an object' } } as unknown as JSONRPCMessage);
    const answer = await waitFor(() => answerTo('bad-args'), 'the answer to the malformed call');
    expect(answer).toMatchObject({ error: { code: -32602 } });
  });

  it('relays progress to a caller that asked for it, before the answer', async () => {
    const { clientSide, received, answerTo } = await wiredClient();
    await clientSide.send({ jsonrpc: '2.0', id: 'slow-1', method: 'tools/call', params: { ...invokeParams('fault::slow', { ms: 350 }), _meta: { progressToken: 'p-1' } } });
    await waitFor(() => answerTo('slow-1'), 'the answer to the slow call');
    const progress = received.filter((m) => 'method' in m && m.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const note of progress) expect(note).toMatchObject({ params: { progressToken: 'p-1' } });
    expect(received.indexOf(progress.at(-1) as JSONRPCMessage)).toBeLessThan(received.indexOf(answerTo('slow-1') as JSONRPCMessage));
  });
});

describe('the invoke lane over HTTP', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({}, { servers: { fault: faultServer() } });
    await gw.gatehouse.api.startServer({ name: 'fault' });
  });
  afterAll(async () => gw?.stop());

  const httpStderr = async () => {
    const { client } = await connectClient(gw.url, 'handshake');
    const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(client, 'gateway.health', { verbose: true });
    await client.close();
    return body.servers.find((s) => s.name === 'fault')?.stderr_tail ?? [];
  };
  const httpPending = async () => (await gw.gatehouse.api.listHealth({})).rows.find((row) => row.name === 'fault')?.pending_count ?? -1;

  it('relays progress on the POST that carried the call, then answers it', async () => {
    const { client } = await connectClient(gw.url, 'handshake');
    const progress: number[] = [];
    const result = await client.callTool(invokeParams('fault::slow', { ms: 350 }), { onprogress: (p) => progress.push(p.progress) });
    expect(JSON.stringify(result.content)).toContain('waited 350 ms');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    await client.close();
  });

  it('passes a client cancellation on to the server', async () => {
    const { client } = await connectClient(gw.url, 'handshake');
    const controller = new AbortController();
    const call = client.callTool(invokeParams('fault::silent'), { signal: controller.signal });
    await waitFor(async () => (await httpPending()) === 1, 'the call to be pending');
    controller.abort('changed my mind');
    await expect(call).rejects.toThrow();
    await waitFor(async () => (await httpStderr()).some((line) => line.startsWith('cancelled request')), 'the server to see notifications/cancelled');
    await waitFor(async () => (await httpPending()) === 0, 'the call to end');
    await client.close();
  });
});
