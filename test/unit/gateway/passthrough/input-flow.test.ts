// A 2026-07-28 call parked between the client's rounds: its questions go out under an opaque
// requestState, only the caller that got it (same owner, same tool) can pick the call up again, and the
// answers it brings resolve the questions the downstream call is waiting on.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { InputFlows, type Attachment } from '../../../../src/main/gateway/passthrough/input-flow';

function request(): Attachment {
  return { signal: new AbortController().signal, progressToken: undefined, notify: async () => undefined };
}

describe('InputFlows', () => {
  it('parks a call that asks, and resumes it only for the same owner and tool', async () => {
    const flows = new InputFlows();
    const flow = flows.begin('session-a', 'gateway.invoke');
    const started = async (): Promise<CallToolResult> => {
      const answer = await flow.ask({ method: 'sampling/createMessage', params: { maxTokens: 5 } }, flow.controller.signal);
      return { content: [{ type: 'text', text: `got ${JSON.stringify(answer)}` }] };
    };
    const first = await flow.serve(request(), started);
    if (!isInputRequiredResult(first)) throw new Error('expected input_required');
    const token = first.requestState ?? '';
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const [key] = Object.keys(first.inputRequests ?? {});
    expect(first.inputRequests?.[key ?? '']).toMatchObject({ method: 'sampling/createMessage' });

    expect(() => flows.resume(token, 'session-b', 'gateway.invoke')).toThrow(/Invalid or expired requestState/);
    expect(() => flows.resume(token, 'session-a', 'gateway.describe')).toThrow(/Invalid or expired requestState/);
    expect(() => flows.resume('ab'.repeat(32), 'session-a', 'gateway.invoke')).toThrow(/Invalid or expired requestState/);

    const resumed = flows.resume(token, 'session-a', 'gateway.invoke');
    const done = await resumed.serve(request(), null, { [key ?? '']: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' } });
    expect(isInputRequiredResult(done)).toBe(false);
    expect(JSON.stringify(done)).toContain('hi');
    // Picked up once: the same requestState is not accepted again.
    expect(() => flows.resume(token, 'session-a', 'gateway.invoke')).toThrow(/Invalid or expired requestState/);
  });

  it('abandons an owner\'s parked calls: their questions fail and the call is cancelled', async () => {
    const flows = new InputFlows();
    const flow = flows.begin('session-a', 'gateway.invoke');
    let failure: unknown = null;
    const started = async (): Promise<CallToolResult> => {
      try {
        await flow.ask({ method: 'elicitation/create', params: {} }, flow.controller.signal);
      } catch (error) {
        failure = error;
      }
      return { content: [] };
    };
    const first = await flow.serve(request(), started);
    expect(isInputRequiredResult(first)).toBe(true);
    flows.abandonOwner('session-a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(String(failure)).toContain('the client session ended');
    expect(flow.controller.signal.aborted).toBe(true);
  });
});
