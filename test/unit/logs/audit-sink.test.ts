// The audit ring's sinks: every stored (redacted) event goes to onRecord and, with persistIn, to
// <state>/audit.jsonl; a failing sink never fails the recording.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAuditRing, type AuditEvent, type AuditInput } from '../../../src/main/logs/audit-ring';
import { redactRecordText } from '../../../src/main/redaction/record-text';
import { flushOpenFiles } from '../../../src/main/logs/rotating-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-audit-sink-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const input = (over: Partial<AuditInput> = {}): AuditInput => ({
  startedAt: Date.parse('2026-01-02T03:04:05.000Z'),
  session_id: 's1',
  principal: 'local',
  method: 'tools/call',
  tool: 'fault::echo',
  server: 'fault',
  outcome: 'ok',
  latency_ms: 3,
  auth_state: 'local',
  ...over,
});

it('hands onRecord the redacted event the ring stores', () => {
  const seen: AuditEvent[] = [];
  const ring = createAuditRing(10, { redact: (text) => redactRecordText(text, ['hunter2-secret-value']), onRecord: (event) => seen.push(event) });
  ring.record(input({ outcome: 'error', error: 'failed with hunter2-secret-value' }));
  expect(seen).toEqual(ring.getAuditEvents());
  expect(seen[0]?.error).not.toContain('hunter2');
});

it('keeps recording when a sink throws', () => {
  const ring = createAuditRing(10, {
    onRecord: () => {
      throw new Error('disk gone');
    },
  });
  ring.record(input());
  expect(ring.size).toBe(1);
});

it('appends one JSON line per event to <persistIn>/audit.jsonl', async () => {
  const ring = createAuditRing(2, { redact: (text) => redactRecordText(text, ['hunter2-secret-value']), persistIn: dir });
  ring.record(input({ tool: 'fault::one' }));
  ring.record(input({ tool: 'fault::two', outcome: 'tool_error', error: 'hunter2-secret-value leaked' }));
  ring.record(input({ tool: 'fault::three' }));
  await flushOpenFiles();
  const lines = readFileSync(join(dir, 'audit.jsonl'), 'utf8').trim().split('\n');
  // The file keeps what the bounded ring forgets.
  expect(lines.map((line) => (JSON.parse(line) as AuditEvent).tool)).toEqual(['fault::one', 'fault::two', 'fault::three']);
  expect(JSON.parse(lines[2] ?? '')).toEqual(ring.getAuditEvents()[1]);
  expect(lines.join('\n')).not.toContain('hunter2');
});
