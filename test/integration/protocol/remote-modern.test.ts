// A remote (streamable HTTP) server that speaks both eras behind Gatehouse — the conformance fixture.
// Gatehouse's downstream client negotiates 2026-07-28 with it, while the calling client holds a
// 2025-11-25 session: the server's questions (input_required), its log lines during a call and its
// resource updates (subscriptions/listen in that era) must still reach that session.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { firstMessage, JSON_HEADERS, raw } from '../http/support';
import { REPO_ROOT } from '../../helpers/workspace';
import { openProtocolGateway, type ProtocolGateway } from './gateway';

let remote: ChildProcess;
let gateway: ProtocolGateway;
let client: Client;
/** What the 2025-era session was sent: log lines, resource updates, and which kinds of question. */
const heard = { logLines: [] as unknown[], updates: [] as string[], asked: [] as string[] };

beforeAll(async () => {
  remote = spawn(process.execPath, [join(REPO_ROOT, 'out/fixtures/conformance-server.mjs')], { env: { PATH: process.env.PATH, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  remote.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const port = await waitFor(() => /listening (\d+)/.exec(printed)?.[1], 'the conformance fixture to listen');
  // Aggregate: the server's tools are also listed directly, as for a classic proxy's clients.
  gateway = await openProtocolGateway({ mcpServers: { conformance: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } } }, { policy: 'exposure:\n  mode: aggregate\n' });
  await gateway.gatehouse.api.startServer({ name: 'conformance' });
  client = await gateway.connect('http-handshake', {
    name: 'legacy-session',
    capabilities: { sampling: {}, elicitation: { form: {} } },
    handlers: (c) => {
      c.setRequestHandler('sampling/createMessage', async () => {
        heard.asked.push('sampling');
        return { role: 'assistant', content: { type: 'text', text: 'sampled 4e2b' }, model: 'test-model' };
      });
      c.setRequestHandler('elicitation/create', async () => {
        heard.asked.push('elicitation');
        return { action: 'accept', content: { response: 'elicited 9c1f', context: 'context 3a7e' } };
      });
      c.setNotificationHandler('notifications/message', (notification) => void heard.logLines.push(notification.params.data));
      c.setNotificationHandler('notifications/resources/updated', (notification) => void heard.updates.push(notification.params.uri));
    },
  });
});
afterAll(async () => {
  await gateway?.close();
  remote?.kill();
});

it('talks 2026-07-28 to the remote server', async () => {
  const row = (await gateway.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'conformance');
  expect(row).toMatchObject({ status: 'online', protocol_version: '2026-07-28' });
});

it("relays the server's sampling request during a call to the 2025-era session that made it", async () => {
  const outcome = await invoke(client, 'conformance::test_sampling', { prompt: 'hello' });
  expect(outcome).toMatchObject({ ok: true, text: 'LLM response: sampled 4e2b' });
  expect(heard.asked).toContain('sampling');
});

it("relays the server's elicitation during a call and hands the answer back", async () => {
  const outcome = await invoke(client, 'conformance::test_elicitation', { message: 'say something' });
  expect(outcome.ok).toBe(true);
  expect(outcome.text).toContain('elicited 9c1f');
});

it('passes on the log lines the server sends while serving the call', async () => {
  const outcome = await invoke(client, 'conformance::test_tool_with_logging');
  expect(outcome.ok).toBe(true);
  expect(heard.logLines).toEqual(expect.arrayContaining(['Tool execution started', 'Tool processing data', 'Tool execution completed']));
});

it('subscribes to a resource of the server and routes its update to the subscribing session', async () => {
  await expect(client.subscribeResource({ uri: 'conformance::test://watched-resource' })).resolves.toEqual({});
  const outcome = await invoke(client, 'conformance::test_trigger_resource_update', { uri: 'test://watched-resource' });
  expect(outcome.ok).toBe(true);
  await waitFor(() => heard.updates.includes('conformance::test://watched-resource'), 'the resource update to reach the session');
  await expect(client.unsubscribeResource({ uri: 'conformance::test://watched-resource' })).resolves.toEqual({});
});

describe('a 2026-07-28 request', () => {
  it('tells the server only the capabilities it declared, so the server can refuse (-32021)', async () => {
    const plain = await gateway.connect('http-stateless', { name: 'stateless-plain' });
    const refused = await invoke(plain, 'conformance::test_missing_capability');
    expect(refused).toMatchObject({ ok: false, details: { jsonrpc_code: -32021 } });
    const sampler = await gateway.connect('http-stateless', { name: 'stateless-sampler', capabilities: { sampling: {} } });
    await expect(invoke(sampler, 'conformance::test_missing_capability')).resolves.toMatchObject({ ok: true, text: 'The client declared sampling' });
  });

  it("answers a directly listed tool's missing-capability refusal as the JSON-RPC error -32021, not a tool result", async () => {
    const plain = await gateway.connect('http-stateless', { name: 'stateless-direct' });
    const refusal = await plain.callTool({ name: 'test_missing_capability', arguments: {} }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect(refusal).toMatchObject({ error: { code: -32021, data: { requiredCapabilities: { sampling: {} } } } });
  });

  it("tells a subscriptions/listen stream when the server's prompt list changed", async () => {
    const changed: string[] = [];
    const listener = await gateway.connect('http-stateless', {
      name: 'stateless-listener',
      handlers: (c) => c.setNotificationHandler('notifications/prompts/list_changed', () => void changed.push('prompts')),
    });
    const listening = await listener.listen({ promptsListChanged: true });
    expect(listening.honoredFilter).toEqual({ promptsListChanged: true });
    // The server announces the change on the stream Gatehouse listens on; Gatehouse re-reads, then tells its own.
    await expect(invoke(listener, 'conformance::test_trigger_prompt_change')).resolves.toMatchObject({ ok: true });
    await waitFor(() => changed.length > 0, 'prompts/list_changed on the listen stream');
    await listening.close();
  });

  // SEP-2243: a 2026-07-28 request mirrors each `x-mcp-header` argument of the tool it calls into an
  // Mcp-Param-* header; the server must refuse (400, -32020) a header that is missing, mangled or differs.
  const call = (name: string, args: Record<string, unknown>, headers: Record<string, string>, extra: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) =>
    raw({
      port: gateway.http.port,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name, ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'h',
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          ...extra,
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': capabilities, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } },
        },
      }),
    });
  type Round = { result?: { resultType?: string; inputRequests?: Record<string, { method: string }>; requestState?: string; content?: { text: string }[] } };
  const round = async (name: string, capabilities: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    firstMessage(await call(name, {}, {}, extra, capabilities)) as Round;

  it.each([
    ['missing', {}],
    ['different', { 'mcp-param-region': 'us-east' }],
    ['badly encoded', { 'mcp-param-region': '=?base64?ZXUt!!!d2VzdA==?=' }],
  ])('refuses a directly listed tool called with its Mcp-Param header %s', async (_what, headers) => {
    const res = await call('test_custom_headers', { region: 'eu-west', query: 'invoices' }, headers);
    expect(res.status).toBe(400);
    expect(firstMessage(res)).toMatchObject({ id: 'h', error: { code: -32020 } });
  });

  it('serves the call when the header matches, plain or Base64-encoded', async () => {
    for (const region of ['eu-west', `=?base64?${Buffer.from('eu-west').toString('base64')}?=`]) {
      const res = await call('test_custom_headers', { region: 'eu-west', query: 'invoices' }, { 'mcp-param-region': region });
      expect(res.status).toBe(200);
      expect(firstMessage(res)).toMatchObject({ id: 'h', result: { content: [{ text: 'region=eu-west query=invoices' }] } });
    }
  });

  it("checks a meta-tool's declared header too (gateway.tasks_result's task_id)", async () => {
    const res = await call('gateway.tasks_result', { server_name: 'conformance', task_id: 'task-1' }, {});
    expect(res.status).toBe(400);
    expect(firstMessage(res)).toMatchObject({ error: { code: -32020 } });
  });

  // SEP-2322: a server's input_required reaches a 2026-07-28 client with the server's own keys, a new
  // requestState each round, and the client's retry goes back down with its answers under those keys.
  it("passes an input_required on with the server's keys, and the client's retry back down", async () => {
    const first = await round('test_input_required_result_elicitation', { elicitation: {} });
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { user_name: { method: 'elicitation/create' } } });
    const answered = await round('test_input_required_result_elicitation', { elicitation: {} }, {
      inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } }, unrelated: { action: 'decline' } },
      requestState: first.result?.requestState,
    });
    expect(answered.result).toMatchObject({ content: [{ text: 'Hello, Ada!' }] });
  });

  it('relays a roots/list input request to a client that declared roots', async () => {
    const first = await round('test_input_required_result_list_roots', { roots: {} });
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { client_roots: { method: 'roots/list' } } });
    const answered = await round('test_input_required_result_list_roots', { roots: {} }, {
      inputResponses: { client_roots: { roots: [{ uri: 'file:///work/project' }] } },
      requestState: first.result?.requestState,
    });
    expect(answered.result).toMatchObject({ content: [{ text: 'Roots: file:///work/project' }] });
  });

  it('gives every round of a multi-round call a new requestState', async () => {
    const first = await round('test_input_required_result_multi_round', { elicitation: {} });
    expect(first.result?.inputRequests).toHaveProperty('step1');
    const second = await round('test_input_required_result_multi_round', { elicitation: {} }, {
      inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } },
      requestState: first.result?.requestState,
    });
    expect(second.result?.inputRequests).toHaveProperty('step2');
    expect(second.result?.requestState).not.toBe(first.result?.requestState);
    const done = await round('test_input_required_result_multi_round', { elicitation: {} }, {
      inputResponses: { step2: { action: 'accept', content: { color: 'green' } } },
      requestState: second.result?.requestState,
    });
    expect(done.result).toMatchObject({ content: [{ text: 'Done: color=green' }] });
  });

  it('passes answers the client sent with its first request on to the server', async () => {
    const answered = await round('test_input_required_result_elicitation', { elicitation: {} }, {
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } }, unknown_extra_key: { action: 'accept', content: { foo: 'bar' } } },
    });
    expect(answered.result).toMatchObject({ content: [{ text: 'Hello, Alice!' }] });
  });

  it('passes an input_required answer to prompts/get on, and the retry back down', async () => {
    const get = async (extra: Record<string, unknown>) => {
      const res = await raw({
        port: gateway.http.port,
        method: 'POST',
        headers: { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'prompts/get', 'mcp-name': 'conformance::test_input_required_result_prompt' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'p',
          method: 'prompts/get',
          params: {
            name: 'conformance::test_input_required_result_prompt',
            ...extra,
            _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} }, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } },
          },
        }),
      });
      return firstMessage(res) as { result?: { resultType?: string; inputRequests?: Record<string, unknown>; requestState?: string; messages?: unknown[] } };
    };
    const first = await get({});
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { user_context: { method: 'elicitation/create' } } });
    const answered = await get({ inputResponses: { user_context: { action: 'accept', content: { context: 'the Q3 report' } } }, ...(first.result?.requestState && { requestState: first.result.requestState }) });
    expect(answered.result?.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Use this context: the Q3 report' } }]);
  });
});

it("asks a 2025-era session the prompt's question and retries for it", async () => {
  const prompt = await client.getPrompt({ name: 'conformance::test_input_required_result_prompt' });
  expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Use this context: context 3a7e' } }]);
});
