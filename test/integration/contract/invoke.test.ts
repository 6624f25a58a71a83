// gateway.invoke outcomes (contract §1, §2.1, §2.3): the success shape; downstream isError → ok:false +
// isError with E302 source "downstream" and the result kept; full JSON Schema validation before the call
// (E304 naming every problem by JSON Pointer, nothing sent downstream); E301 / E203 lookups; task calls
// refused for tools without task support. Every failure is ok:false with isError and errors[] GatewayError objects.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeErrors, expectFields, jsonOf, type ErrorEntry } from './helpers/envelope';
import { corpusServer, everythingServer, faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface InvokeBody {
  tool_id: string;
  ok: boolean;
  result?: { content: { type: string; text?: string }[]; isError?: boolean; structuredContent?: unknown };
  truncated: boolean;
  errors: unknown[];
}

const INVOKE_FIELDS = [
  'tool_id', 'ok', 'result', 'task', 'truncated', 'summary', 'raw_size_estimate', 'errors', 'feedback_hint',
  'missing_env_vars', 'auth_state', 'next_step', 'auth_methods', 'auth_metadata', 'auth_challenge', 'url_elicitations',
];

function invokeBody(result: CallToolResult): InvokeBody {
  const body = jsonOf<InvokeBody>(result);
  for (const key of Object.keys(body)) expect(INVOKE_FIELDS).toContain(key);
  expectFields(body, ['tool_id', 'ok', 'truncated', 'errors']);
  // invoke sets isError exactly when ok is false.
  expect(result.isError ?? false).toBe(!body.ok);
  return body;
}

/** A failed invoke: ok:false, isError, and its single decoded error. */
function failureOf(result: CallToolResult, code: string): { body: InvokeBody; error: ErrorEntry } {
  const body = invokeBody(result);
  expect(body.ok).toBe(false);
  const errors = decodeErrors(body.errors);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.code).toBe(code);
  expect(typeof errors[0]?.retryable).toBe('boolean');
  return { body, error: errors[0]! };
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const invoke = (args: Record<string, unknown>) => gw.call('gateway.invoke', args);

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { kit: corpusServer('kit'), fault: faultServer(), everything: everythingServer() } });
  });
  afterAll(async () => gw?.close());

  it('returns the downstream result with ok, truncated and errors', async () => {
    const result = await invoke({ tool_id: 'everything::echo', arguments: { message: 'hello' } });
    expect(result.content).toHaveLength(1);
    const body = invokeBody(result);
    expect(body).toEqual({ tool_id: 'everything::echo', ok: true, result: { content: [{ type: 'text', text: 'Echo: hello' }] }, truncated: false, errors: [] });
  });

  it('keeps downstream structuredContent inside result, never on the meta-tool answer', async () => {
    const body = invokeBody(await invoke({ tool_id: 'everything::get-structured-content', arguments: { location: 'New York' } }));
    expect(body.ok).toBe(true);
    expect(body.result?.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  it.each([
    ['kit::always_fails', {}, 'the tool failed on purpose'],
    ['fault::add_tool', { name: 'echo' }, 'already registered'],
    ['everything::get-resource-reference', { resourceId: 0 }, 'Invalid resourceId'],
  ])('maps a downstream isError from %s to ok:false, E302 source downstream, result kept', async (tool_id, args, text) => {
    const { body, error } = failureOf(await invoke({ tool_id, arguments: args }), 'E302');
    expect(error.details).toEqual({ source: 'downstream' });
    expect(body.result?.isError).toBe(true);
    expect(body.result?.content[0]?.text).toContain(text);
  });

  it('names every schema problem by JSON Pointer (E304) and sends nothing downstream', async () => {
    const { body, error } = failureOf(
      await invoke({
        tool_id: 'kit::create_ticket',
        arguments: { title: 5, priority: 'urgent', assignee: { name: 7 }, steps: [{ q: 'ok' }, { q: 1, n: 'two' }], estimate: 0 },
      }),
      'E304',
    );
    expect(body).not.toHaveProperty('result');
    const problems = ['/title', '/priority', '/assignee/email', '/assignee/name', '/steps/1/q', '/steps/1/n', '/estimate'];
    for (const pointer of problems) expect(error.message).toContain(`${pointer}:`);
    expect(error.details?.problems).toEqual(expect.arrayContaining(problems.map((p) => expect.stringMatching(new RegExp(`^${p}: `)))));
    expect(error.details?.problems).toHaveLength(problems.length);
    expect(error.message).toContain('/assignee/email: required');

    const missing = failureOf(await invoke({ tool_id: 'kit::create_ticket' }), 'E304').error;
    expect(missing.message).toContain('/title: required');
    expect(missing.message).toContain('/assignee: required');

    // The rejected calls never reached the server: this is the first ticket it creates.
    const ok = invokeBody(await invoke({ tool_id: 'kit::create_ticket', arguments: { title: 't', assignee: { name: 'n', email: 'e' } } }));
    expect(ok.result?.content[0]?.text).toBe('created ticket 1');
  });

  it('answers an unknown tool (E301), an unknown server (E203) and a malformed id (E301)', async () => {
    expect(failureOf(await invoke({ tool_id: 'kit::no_such_tool' }), 'E301').error.message).toContain('no_such_tool');
    expect(failureOf(await invoke({ tool_id: 'nowhere::echo' }), 'E203').error.message).toContain('nowhere');
    failureOf(await invoke({ tool_id: 'no-separator' }), 'E301');
  });

  it('refuses a task call to a tool without task support (E302)', async () => {
    const { body, error } = failureOf(await invoke({ tool_id: 'everything::echo', arguments: { message: 'x' }, task: {} }), 'E302');
    expect(error.message).toContain('does not advertise MCP task support');
    expect(body).not.toHaveProperty('task');
  });
});
