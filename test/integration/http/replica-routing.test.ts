// The routing key for replicas behind a load balancer (issue 19): with GATEHOUSE_REPLICA_ID set, every id
// a client must bring back to this replica starts with `<replica>~` — session ids, task ids, tasks_list
// cursors — every answer names the replica in a header, /health and /metrics say which replica they are,
// and a 2026-07-28 SDK client mirrors task_id and cursor into Mcp-Param-* headers (SEP-2243) that a
// balancer can route by. A task id of another replica is refused by name, never looked up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy, type RecordingProxy } from '../../helpers/recording-proxy';
import { callMeta } from '../../helpers/meta';
import { connectClient, INITIALIZE, JSON_HEADERS, raw, startGateway, type Running } from './support';

// Read by the gateway's task tools per call (common/replica.ts); the listener gets it through its settings.
process.env.GATEHOUSE_REPLICA_ID = 'r1';

const RESEARCH = 'everything::simulate-research-query';

interface TaskAnswer {
  ok: boolean;
  task: { task_id: string; server_name: string; status: string };
  errors: { code: string; message: string }[];
}

describe('a gateway that is replica r1', () => {
  let gw: Running;
  let proxy: RecordingProxy;
  beforeAll(async () => {
    gw = await startGateway({ replicaId: 'r1' }, { coreWiring: true });
    proxy = await startRecordingProxy(gw.url.origin);
  });
  afterAll(async () => {
    await proxy?.close();
    await gw?.stop();
  });

  it('starts its session ids with the replica, and names itself on every answer, /health and /metrics', async () => {
    const port = Number(gw.url.port);
    const init = await raw({ port, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(INITIALIZE) });
    expect(init.status).toBe(200);
    expect(init.headers['mcp-session-id']).toMatch(/^r1~[A-Za-z0-9_-]{43}$/);
    expect(init.headers['gatehouse-replica']).toBe('r1');

    const health = await raw({ port, path: '/health' });
    expect(health.headers['gatehouse-replica']).toBe('r1');
    expect(health.json()).toMatchObject({ ok: true, replica: 'r1' });

    const metrics = await raw({ port, path: '/metrics' });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('gatehouse_replica_info{replica="r1"} 1');

    // A refusal is an answer too: the balancer's log shows which replica gave it.
    const unknown = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'mcp-session-id': 'r1~gone' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['gatehouse-replica']).toBe('r1');
  });

  it('advertises task_id and cursor as x-mcp-header routing parameters', async () => {
    const { client } = await connectClient(gw.url, 'handshake');
    try {
      const tools = (await client.listTools()).tools;
      const schema = (name: string) => tools.find((t) => t.name === name)?.inputSchema as { properties: Record<string, Record<string, unknown>> };
      for (const name of ['gateway.tasks_get', 'gateway.tasks_result', 'gateway.tasks_cancel']) {
        expect(schema(name).properties.task_id).toMatchObject({ type: 'string', 'x-mcp-header': 'Task-Id' });
      }
      expect(schema('gateway.tasks_list').properties.cursor).toMatchObject({ type: 'string', 'x-mcp-header': 'Cursor' });
    } finally {
      await client.close();
    }
  });

  it('hands a 2026-07-28 client a task id naming the replica, which the client sends back as Mcp-Param-Task-Id', async () => {
    const { client } = await connectClient(new URL('/mcp', proxy.origin), 'stateless');
    try {
      await client.listTools(); // the SDK mirrors x-mcp-header arguments of tools it has listed
      const started = await callMeta<TaskAnswer>(client, 'gateway.invoke', { tool_id: RESEARCH, arguments: { topic: 'routing' }, task: { ttl: 60 } });
      expect(started.body.ok).toBe(true);
      const taskId = started.body.task.task_id;
      expect(taskId).toMatch(/^r1~./);

      const before = proxy.seen.length;
      const got = await callMeta<TaskAnswer>(client, 'gateway.tasks_get', { server_name: 'everything', task_id: taskId });
      expect(got.body).toMatchObject({ ok: true, task: { task_id: taskId } });
      const posts = proxy.seen.slice(before).filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.headers['mcp-param-task-id'])).toContain(taskId);

      const listed = await callMeta<{ ok: boolean; tasks: { task_id: string }[] }>(client, 'gateway.tasks_list', {});
      expect(listed.body.tasks.map((t) => t.task_id)).toContain(taskId);
    } finally {
      await client.close();
    }
  });

  it('refuses a task id or cursor of another replica by name instead of looking it up', async () => {
    const { client } = await connectClient(gw.url, 'handshake');
    try {
      const got = await callMeta<TaskAnswer>(client, 'gateway.tasks_get', { server_name: 'everything', task_id: 'r2~some-task' });
      expect(got.body.ok).toBe(false);
      expect(got.body.errors[0]).toMatchObject({ code: 'E301' });
      expect(got.body.errors[0]?.message).toContain('replica "r2"');
      expect(got.body.errors[0]?.message).toContain('reached replica "r1"');

      const listed = await callMeta<{ ok: boolean; errors: { code: string }[] }>(client, 'gateway.tasks_list', { cursor: 'r2~eyJ4Ijox.c2ln' });
      expect(listed.body).toMatchObject({ ok: false, errors: [{ code: 'E304' }] });
    } finally {
      await client.close();
    }
  });
});
