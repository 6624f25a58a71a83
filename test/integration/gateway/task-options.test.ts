// gateway.invoke's task options against a real task server (test/fixtures/servers/task-jobs-server.ts,
// which keeps what each tools/call carried): only ttl goes on the wire, as MCP's task request allows;
// poll_interval, metadata and requestor_context stay with Gatehouse's task record; the task's status
// message and raw copy pass the policy's patterns; gateway.update_server with force cancels the
// server's active tasks downstream and counts them. npm and npx are stand-ins on PATH, so nothing is
// fetched: `npx` starts the fixture, `npm view` names a version.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod';
import type { MetaTool } from '../../../src/main/gateway/meta-tool';
import { invoke } from '../../../src/main/gateway/tools/invoke';
import { loadPolicy } from '../../../src/main/policy';
import { taskRequestOf } from '../../../src/main/supervisor/task-requests';
import { REPO_ROOT } from '../../helpers/workspace';
import { createHarness, type Harness } from '../discovery/harness';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';

interface TaskAnswer {
  ok: boolean;
  errors: ErrorEntry[];
  task: {
    server_name: string;
    task_id: string;
    status: string;
    status_message: string;
    ttl: number;
    poll_interval: number;
    raw: { statusMessage: string; received: { task: unknown; meta: unknown } };
  };
}

let harness: Harness;
let bin: string;

async function run<T>(tool: MetaTool, args: Record<string, unknown>): Promise<T> {
  const result = await tool.run(tool.input.parse(args), harness.gateway, { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined });
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('no text block');
  return JSON.parse(first.text) as T;
}

function script(name: string, body: string): void {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'gatehouse-task-options-'));
  script('npx', `exec "${process.execPath}" "${join(REPO_ROOT, 'out/fixtures/task-jobs-server.mjs')}"`);
  // `npm view NAME --json` as the real npm answers it (update_server reads the version and its date).
  script('npm', 'if [ "$1" = view ]; then echo \'{"name":"task-jobs-fixture","version":"9.9.9","time":{"9.9.9":"2026-11-30T10:00:00.000Z"}}\'; fi\nexit 0');
  writeFileSync(join(bin, 'policy.yaml'), 'redaction:\n  patterns: ["TKT-[0-9]+"]\n');
  const policy = loadPolicy({ env: { GATEHOUSE_POLICY: join(bin, 'policy.yaml') }, homeDir: bin, projectRoot: null });
  harness = createHarness({
    env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
    gateway: { policy: () => policy },
    configured: [{ name: 'jobs', source: 'project', sourcePath: null, startupPolicy: 'lazy', transport: 'stdio', command: 'npx', args: ['-y', 'task-jobs-fixture'], env: {}, cwd: REPO_ROOT }],
  });
  return harness.ctx.activate?.(harness.gateway);
});
afterAll(async () => {
  await harness?.close();
  rmSync(bin, { recursive: true, force: true });
});

it('advertises requestor_context beside ttl, poll_interval and metadata', () => {
  type Node = { properties?: Record<string, Node>; anyOf?: Node[] };
  const schema = JSON.parse(JSON.stringify(z.toJSONSchema(invoke.input, { io: 'input' }))) as Node;
  const option = schema.properties?.task;
  const task = option?.properties ?? option?.anyOf?.find((s) => s.properties)?.properties ?? {};
  expect(Object.keys(task).sort()).toEqual(['enabled', 'metadata', 'poll_interval', 'requestor_context', 'ttl']);
});

it('sends only the ttl (in ms) downstream and keeps the other options with the task record', async () => {
  const body = await run<TaskAnswer>(invoke, {
    tool_id: 'jobs::job',
    task: { ttl: 30, poll_interval: 2, metadata: { job: 'nightly-import' }, requestor_context: { user: 'alice', client: 'agent-7' } },
  });
  expect(body).toMatchObject({ ok: true, errors: [], task: { server_name: 'jobs', task_id: 'job-1', status: 'working', ttl: 30, poll_interval: 0.5 } });
  expect(body.task.raw.received.task).toEqual({ ttl: 30_000 });
  expect(JSON.stringify(body.task.raw.received.meta ?? {})).not.toMatch(/nightly-import|alice|agent-7/);

  const record = harness.supervisor.tasks.get({ operator: true }, 'jobs', 'job-1');
  expect(record && taskRequestOf(record)).toEqual({ pollIntervalSeconds: 2, metadata: { job: 'nightly-import' }, requestorContext: { user: 'alice', client: 'agent-7' } });
});

it("redacts the task's status message and raw copy with the policy's patterns", async () => {
  const body = await run<TaskAnswer>(invoke, { tool_id: 'jobs::job', task: {} });
  expect(body.task.status_message).toBe('working on ticket [REDACTED]');
  expect(body.task.raw.statusMessage).toBe('working on ticket [REDACTED]');
  expect(JSON.stringify(body)).not.toContain('TKT-424242');
  expect(body.task.raw.received.task).toEqual({});
});

it('update_server refuses while tasks are active, and with force cancels them downstream and counts them', async () => {
  const refused = await harness.call<Record<string, unknown>>('gateway.update_server', { server_name: 'jobs' });
  expect(refused).toMatchObject({ ok: false, package_type: 'npm', package_name: 'task-jobs-fixture', cancelled_task_count: 0 });
  expect(String(refused.message)).toContain('2 active task(s)');

  const forced = await harness.call<Record<string, unknown>>('gateway.update_server', { server_name: 'jobs', force: true });
  expect(forced).toMatchObject({ ok: true, restarted: true, latest_version: '9.9.9', cancelled_request_count: 0, cancelled_task_count: 2 });
  const statuses = harness.supervisor.tasks.list({ operator: true }, 'jobs').map((r) => r.task.status);
  expect(statuses).toEqual(['cancelled', 'cancelled']);
  expect(harness.supervisor.get('jobs')?.status).toBe('online');
});
