// Trace-context passthrough through a real core (contract §2.3 invoke): valid traceparent, tracestate
// and baggage reach a real downstream server in the tools/call `_meta`, for plain calls and MCP tasks;
// a malformed traceparent is dropped without failing the call; the audit event says trace_present.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { coreForFile } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { REPO_ROOT } from '../../helpers/workspace';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';

/** Built from test/fixtures/servers/meta-echo-server.ts by the integration globalSetup. */
const META_ECHO_SERVER = join(REPO_ROOT, 'out/fixtures/meta-echo-server.mjs');

const shared = coreForFile({ mcpServers: { meta: { command: process.execPath, args: [META_ECHO_SERVER] } } });

const TRACE = {
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  tracestate: 'gatehouse=t61rcWkgMzE,other=1',
  baggage: 'userId=alice,isProduction=false',
};

interface Invoked {
  ok: boolean;
  errors: ErrorEntry[];
  result?: { content: { text: string }[] };
  task?: { server_name: string; task_id: string; status: string };
}

/** The `_meta` the server saw, from echo_meta's answer. */
function seenMeta(result: Invoked['result']): Record<string, unknown> {
  return (JSON.parse(result?.content[0]?.text ?? '{}') as { _meta: Record<string, unknown> | null })._meta ?? {};
}

const invoke = (args: Record<string, unknown>) => callMeta<Invoked>(shared.core.client, 'gateway.invoke', { tool_id: 'meta::echo_meta', arguments: {}, ...args });

/** trace_present of the newest audit event for echo_meta. */
const lastTracePresent = () => shared.core.gatehouse.audit.getAuditEvents().filter((e) => e.tool === 'meta::echo_meta').map((e) => e.trace_present).at(-1);

it('forwards trace_context to the server in the call _meta and marks the audit event', async () => {
  const { body } = await invoke({ trace_context: TRACE });
  expect(body.ok).toBe(true);
  expect(seenMeta(body.result)).toMatchObject(TRACE);
  expect(lastTracePresent()).toBe(true);
});

it('accepts the MCP-style _meta argument too', async () => {
  const { body } = await invoke({ _meta: { traceparent: TRACE.traceparent, baggage: TRACE.baggage } });
  expect(body.ok).toBe(true);
  const meta = seenMeta(body.result);
  expect(meta).toMatchObject({ traceparent: TRACE.traceparent, baggage: TRACE.baggage });
  expect(meta).not.toHaveProperty('tracestate');
});

it('continues a trace the client put in the tools/call request _meta, and gateway.health shows it', async () => {
  const result = await shared.core.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'meta::echo_meta', arguments: {} }, _meta: { traceparent: TRACE.traceparent, tracestate: TRACE.tracestate } });
  const first = result.content[0];
  const body = JSON.parse(first?.type === 'text' ? first.text : '{}') as Invoked;
  expect(seenMeta(body.result)).toMatchObject({ traceparent: TRACE.traceparent, tracestate: TRACE.tracestate });
  expect(lastTracePresent()).toBe(true);
  const health = await callMeta<{ audit_events: { tool_id: string; trace_present: boolean }[] }>(shared.core.client, 'gateway.health', { verbose: true });
  expect(health.body.audit_events.find((e) => e.tool_id === 'meta::echo_meta')).toMatchObject({ trace_present: true });
});

it('drops a malformed traceparent (and its tracestate) without failing the call', async () => {
  const { body, isError } = await invoke({ trace_context: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, tracestate: TRACE.tracestate, baggage: 'ok=1' } });
  expect(isError).toBe(false);
  expect(body.ok).toBe(true);
  const meta = seenMeta(body.result);
  expect(meta).not.toHaveProperty('traceparent');
  expect(meta).not.toHaveProperty('tracestate');
  expect(meta).toMatchObject({ baggage: 'ok=1' });
  expect(lastTracePresent()).toBe(false);

  const wrongType = await invoke({ trace_context: { traceparent: 42, baggage: 'line\nbreak' } });
  expect(wrongType.body.ok).toBe(true);
  expect(seenMeta(wrongType.body.result)).not.toHaveProperty('baggage');
});

it('sends nothing extra when no trace context is given', async () => {
  const { body } = await invoke({});
  const meta = seenMeta(body.result);
  for (const key of ['traceparent', 'tracestate', 'baggage']) expect(meta).not.toHaveProperty(key);
  expect(lastTracePresent()).toBe(false);
});

it('forwards the trace context when the call runs as an MCP task', async () => {
  const started = await invoke({ task: { ttl: 60 }, trace_context: TRACE });
  expect(started.body.ok).toBe(true);
  const { server_name, task_id } = started.body.task!;
  const done = await callMeta<Invoked>(shared.core.client, 'gateway.tasks_result', { server_name, task_id });
  expect(done.body.ok).toBe(true);
  expect(seenMeta(done.body.result)).toMatchObject(TRACE);
  expect(lastTracePresent()).toBe(true);
});

it('gateway.health says trace context is supported and which keys', async () => {
  const { body } = await callMeta<{ gateway_diagnostics: { trace_context_supported: boolean; trace_context_keys: string[] } }>(shared.core.client, 'gateway.health');
  expect(body.gateway_diagnostics.trace_context_supported).toBe(true);
  expect(body.gateway_diagnostics.trace_context_keys).toEqual(['traceparent', 'tracestate', 'baggage']);
});

it('keeps a tool whose name breaks the MCP name rule callable by id, with a diagnostic in describe', async () => {
  const described = await callMeta<{ tool_name: string; diagnostics?: string[] }>(shared.core.client, 'gateway.describe', { tool_id: 'meta::odd name/v1' });
  expect(described.body.diagnostics?.[0]).toContain('outside the MCP tool-name rule');
  const plain = await callMeta<{ diagnostics?: string[] }>(shared.core.client, 'gateway.describe', { tool_id: 'meta::echo_meta' });
  expect(plain.body.diagnostics).toBeUndefined();
  const { body } = await callMeta<Invoked>(shared.core.client, 'gateway.invoke', { tool_id: 'meta::odd name/v1', arguments: {}, trace_context: TRACE });
  expect(seenMeta(body.result)).toMatchObject({ traceparent: TRACE.traceparent });
});
