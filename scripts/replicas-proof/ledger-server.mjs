#!/usr/bin/env node
// The downstream server each replica of the loopback proof runs (scripts/replicas-proof.mjs): a stdio MCP
// server (2025-11-25, raw JSON-RPC lines) that keeps a ledger of the calls it executed, so the proof can
// count, from the servers' side, how often each call really ran.
//   record {call_id, work_ms?}  appends "<call_id> <replica>" to $LEDGER_FILE (one write, O_APPEND), waits
//                               work_ms, answers "recorded <call_id>"
//   report {topic, ms?}         taskSupport required: a task that completes `ms` (default 300) after it starts
// Task ids restart at report-1 in every process, as real servers' often do: two replicas hand out the
// same downstream id, and only the gateway's replica prefix tells them apart.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const LEDGER = process.env.LEDGER_FILE;
const REPLICA = process.env.LEDGER_REPLICA ?? 'unknown';
const tools = [
  {
    name: 'record',
    description: 'Record one call in the ledger and answer with its id.',
    inputSchema: { type: 'object', properties: { call_id: { type: 'string' }, work_ms: { type: 'integer' } }, required: ['call_id'] },
  },
  {
    name: 'report',
    description: 'A short report, only as a task.',
    inputSchema: { type: 'object', properties: { topic: { type: 'string' }, ms: { type: 'integer' } }, required: ['topic'] },
    execution: { taskSupport: 'required' },
  },
];
const tasks = new Map();
const results = new Map();
const waiting = new Map();

const rpcError = (code, message) => Object.assign(new Error(message), { code });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function finish(taskId, result) {
  const task = tasks.get(taskId);
  if (task?.status !== 'working') return;
  Object.assign(task, { status: 'completed', statusMessage: 'done', lastUpdatedAt: new Date().toISOString() });
  results.set(taskId, result);
  for (const resolve of waiting.get(taskId) ?? []) resolve(result);
  waiting.delete(taskId);
}

function known(params) {
  const task = tasks.get(String(params.taskId));
  if (!task) throw rpcError(-32602, `unknown task ${String(params.taskId)}`);
  return task;
}

async function callTool(params) {
  const args = params.arguments ?? {};
  if (params.name === 'record') {
    if (typeof args.call_id !== 'string') throw rpcError(-32602, 'call_id is required');
    if (LEDGER) appendFileSync(LEDGER, `${args.call_id} ${REPLICA}\n`);
    if (typeof args.work_ms === 'number' && args.work_ms > 0) await sleep(args.work_ms);
    return { content: [{ type: 'text', text: `recorded ${args.call_id}` }] };
  }
  if (params.name === 'report') {
    if (params.task === undefined) throw rpcError(-32601, 'report runs only as a task');
    const now = new Date().toISOString();
    const task = { taskId: `report-${tasks.size + 1}`, status: 'working', createdAt: now, lastUpdatedAt: now, ttl: params.task.ttl ?? 60_000, pollInterval: 200 };
    tasks.set(task.taskId, task);
    const done = { content: [{ type: 'text', text: `report on ${String(args.topic)} by ${REPLICA}` }] };
    setTimeout(() => finish(task.taskId, done), typeof args.ms === 'number' ? args.ms : 300);
    return { task: { ...task } };
  }
  throw rpcError(-32602, `unknown tool ${String(params.name)}`);
}

const handlers = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion === '2025-06-18' ? '2025-06-18' : '2025-11-25',
    capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    serverInfo: { name: 'ledger', version: '1.0.0' },
  }),
  ping: () => ({}),
  'tools/list': () => ({ tools }),
  'tools/call': callTool,
  'tasks/get': (params) => ({ ...known(params) }),
  'tasks/list': () => ({ tasks: [...tasks.values()].map((task) => ({ ...task })) }),
  'tasks/cancel': (params) => {
    const task = known(params);
    if (task.status === 'working') finish(task.taskId, { content: [{ type: 'text', text: 'cancelled' }], isError: true });
    task.status = 'cancelled';
    return { ...task };
  },
  'tasks/result': (params) => {
    const task = known(params);
    const ready = results.get(task.taskId);
    if (ready) return ready;
    return new Promise((resolve) => waiting.set(task.taskId, [...(waiting.get(task.taskId) ?? []), resolve]));
  },
};

const reply = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined || typeof message.method !== 'string') return;
  const handler = handlers[message.method];
  void (async () => {
    if (!handler) throw rpcError(-32601, `method not found: ${message.method}`);
    return handler(message.params ?? {});
  })().then(
    (result) => reply({ id: message.id, result }),
    (error) => reply({ id: message.id, error: { code: error.code ?? -32603, message: error.message } }),
  );
});
process.stdin.on('end', () => process.exit(0));
