// McpTaskInfo redacts a task's status message and raw copy with the policy's patterns (built-ins and
// custom), not only known secret values; seconds are shown, ms are on the wire.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { taskInfo } from '../../../src/main/gateway/task-info';
import { loadPolicy } from '../../../src/main/policy';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-task-info-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, 'redaction:\n  patterns: ["TKT-[0-9]+"]\n');
const policy = loadPolicy({ env: { GATEHOUSE_POLICY: policyPath }, homeDir: dir, projectRoot: null });

const task = {
  taskId: 't-1',
  status: 'working',
  statusMessage: 'ticket TKT-424242, api_key=sk-live-abcdefghijklmnop',
  ttl: 60_000,
  pollInterval: 1500,
  detail: { note: 'see TKT-777' },
};

it('redacts status_message and raw with custom and built-in patterns', () => {
  expect(policy.error).toBeNull();
  const info = taskInfo(task, policy);
  expect(info).toMatchObject({ task_id: 't-1', status: 'working', ttl: 60, poll_interval: 1.5 });
  expect(info.status_message).not.toMatch(/TKT-424242|sk-live/);
  expect(info.status_message).toContain('[REDACTED]');
  expect(JSON.stringify(info.raw)).not.toMatch(/TKT-\d|sk-live/);
  expect(info.raw).toMatchObject({ taskId: 't-1', status: 'working' });
  expect(task.statusMessage).toContain('TKT-424242'); // the record itself is not changed
});

it('ignores a status message that is not a string', () => {
  expect(taskInfo({ taskId: 't', status: 'working', statusMessage: 42 as unknown as string }, policy).status_message).toBeNull();
});
