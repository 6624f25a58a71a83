// DirectCalls over a real child process: a tiny raw JSON-RPC server (node -e) that answers tools/call the
// way a classic-revision server does, reports progress, honours cancellation late, and can die on request.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolError, SdkError, SdkErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { DIRECT_ID_BASE, DirectCalls, type Progress } from '../../../src/main/supervisor/direct-call';
import { ChildStdioTransport } from '../../../src/main/supervisor/stdio-transport';
import { waitFor } from '../../helpers/wait';

// Tools: echo (answers with the request it got), progress (two progress lines, then the answer),
// hang (answers only after notifications/cancelled, then a late answer), fail (a JSON-RPC error),
// bad (content that is not a list), die (exits), seen (the cancellations it received).
const SERVER = `
const rl = require('node:readline').createInterface({ input: process.stdin });
const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const cancelled = [];
const hanging = new Map();
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'notifications/cancelled') {
    cancelled.push(m.params);
    const id = m.params.requestId;
    if (hanging.has(id)) out({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'too late' }] } });
    return;
  }
  if (m.method !== 'tools/call') return out({ jsonrpc: '2.0', id: m.id, result: { unrelated: true } });
  const name = m.params.name;
  const token = m.params._meta && m.params._meta.progressToken;
  if (name === 'echo') return out({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: JSON.stringify(m) }] } });
  if (name === 'progress') {
    out({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'half' } });
    out({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'a log line' } });
    out({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 2, total: 2 } });
    return out({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'done' }] } });
  }
  if (name === 'hang') return hanging.set(m.id, true);
  if (name === 'fail') return out({ jsonrpc: '2.0', id: m.id, error: { code: -32602, message: 'no such thing', data: { why: 'test' } } });
  if (name === 'bad') return out({ jsonrpc: '2.0', id: m.id, result: { content: 'not a list' } });
  if (name === 'bare') return out({ jsonrpc: '2.0', id: m.id, result: { structuredContent: { n: 1 } } });
  if (name === 'seen') return out({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: JSON.stringify(cancelled) }] } });
  if (name === 'die') process.exit(3);
});
`;

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function connect() {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  const transport = new ChildStdioTransport(child);
  const others: JSONRPCMessage[] = [];
  transport.onmessage = (message) => others.push(message);
  await transport.start();
  return { transport, calls: new DirectCalls(transport), others };
}

const signal = () => new AbortController().signal;
const noProgress = () => undefined;
const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text ?? '';

describe('DirectCalls', () => {
  it('writes tools/call with an id of its own range, the id as progress token, and the caller _meta kept', async () => {
    const { calls } = await connect();
    const result = await calls.call({ name: 'echo', arguments: { message: 'hi' }, _meta: { traceparent: 't' } }, { signal: signal(), onprogress: noProgress });
    const request = JSON.parse(text(result));
    expect(request.id).toBeGreaterThanOrEqual(DIRECT_ID_BASE);
    expect(request.params).toEqual({ name: 'echo', arguments: { message: 'hi' }, _meta: { traceparent: 't', progressToken: request.id } });
    const second = JSON.parse(text(await calls.call({ name: 'echo', arguments: {} }, { signal: signal(), onprogress: noProgress })));
    expect(second.id).toBe(request.id + 1);
  });

  it('relays progress in order before the answer, and passes every other message on to the SDK client', async () => {
    const { calls, others } = await connect();
    const progress: Progress[] = [];
    const result = await calls.call({ name: 'progress', arguments: {} }, { signal: signal(), onprogress: (p) => progress.push(p) });
    expect(text(result)).toBe('done');
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'half' }, { progress: 2, total: 2 }]);
    // The log line between them went on to the SDK (which routes it to the call's client) before the answer came back.
    expect(others).toEqual([{ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'a log line' } }]);
  });

  it('on cancel tells the server, rejects with the reason, and swallows the late answer', async () => {
    const { calls, others } = await connect();
    const controller = new AbortController();
    const pending = calls.call({ name: 'hang', arguments: {} }, { signal: controller.signal, onprogress: noProgress });
    // The server has the request once it answered a call written after it.
    await calls.call({ name: 'echo', arguments: {} }, { signal: signal(), onprogress: noProgress });
    const reason = new SdkError(SdkErrorCode.RequestTimeout, 'stopped by the test');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    const seen = JSON.parse(text(await calls.call({ name: 'seen', arguments: {} }, { signal: signal(), onprogress: noProgress })));
    expect(seen).toHaveLength(1);
    expect(seen[0].requestId).toBeGreaterThanOrEqual(DIRECT_ID_BASE);
    expect(seen[0].reason).toContain('stopped by the test');
    // The server's "too late" answer was consumed here, not handed to the SDK as an unknown id.
    expect(others).toEqual([]);
  });

  it('turns an error response into the ProtocolError the SDK would have thrown', async () => {
    const { calls } = await connect();
    const error = await calls.call({ name: 'fail', arguments: {} }, { signal: signal(), onprogress: noProgress }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: -32602, data: { why: 'test' } });
    expect((error as Error).message).toContain('no such thing');
  });

  it('refuses a result whose content is not a list, and gives a missing content list its empty default', async () => {
    const { calls } = await connect();
    const bad = await calls.call({ name: 'bad', arguments: {} }, { signal: signal(), onprogress: noProgress }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(SdkError);
    expect((bad as SdkError).code).toBe(SdkErrorCode.InvalidResult);
    const bare = await calls.call({ name: 'bare', arguments: {} }, { signal: signal(), onprogress: noProgress });
    expect(bare).toEqual({ structuredContent: { n: 1 }, content: [] });
  });

  it('fails a waiting call with ConnectionClosed when the child dies', async () => {
    const { calls } = await connect();
    const waiting = calls.call({ name: 'hang', arguments: {} }, { signal: signal(), onprogress: noProgress });
    const dying = calls.call({ name: 'die', arguments: {} }, { signal: signal(), onprogress: noProgress });
    for (const call of [waiting, dying]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SdkError);
      expect((error as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    }
  });

  it('leaves the SDK client its own requests: a response to a small id still reaches it', async () => {
    const { transport, others } = await connect();
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await waitFor(() => others.length > 0, 'the answer to ping');
    expect(others).toEqual([{ jsonrpc: '2.0', id: 7, result: { unrelated: true } }]);
  });
});
