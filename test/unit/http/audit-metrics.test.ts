import { describe, expect, it } from 'vitest';
import { createAuditRing, type AuditInput } from '../../../src/main/logs/audit-ring';
import { Metrics } from '../../../src/main/http/metrics';
import { redactRecordText } from '../../../src/main/redaction/record-text';

const event = (over: Partial<AuditInput>): AuditInput => ({
  startedAt: 0,
  session_id: null,
  principal: null,
  method: 'tools/call',
  tool: null,
  server: null,
  outcome: 'ok',
  latency_ms: 1,
  auth_state: 'none',
  ...over,
});

describe('audit ring', () => {
  it('is bounded, oldest out first, newest last', () => {
    const ring = createAuditRing(3);
    for (let i = 0; i < 5; i += 1) ring.record(event({ latency_ms: i }));
    expect(ring.size).toBe(3);
    expect(ring.getAuditEvents().map((e) => e.latency_ms)).toEqual([2, 3, 4]);
  });

  it('shows a session its own, its principal stateless and gateway-level events only', () => {
    const ring = createAuditRing(10);
    ring.record(event({ session_id: 's1', principal: 'alice' }));
    ring.record(event({ session_id: 's2', principal: 'bob' }));
    ring.record(event({ principal: 'alice' }));
    ring.record(event({ principal: 'bob' }));
    ring.record(event({ outcome: 'unauthorized' }));
    const seen = ring.getAuditEvents('s1', 'alice').map((e) => `${e.session_id}/${e.principal}`);
    expect(seen).toEqual(['s1/alice', 'null/alice', 'null/null']);
  });

  it('redacts error text when it is stored', () => {
    const ring = createAuditRing(5, { redact: (text) => redactRecordText(text, ['hunter2-secret-value']) });
    ring.record(event({ error: 'failed with hunter2-secret-value and Bearer abc123def456 at /home/u/project/file.ts' }));
    expect(ring.getAuditEvents()[0]?.error).toBe('failed with [REDACTED] and Bearer [REDACTED] at file.ts');
  });
});

it('redacts JWTs, key=value secrets and caps length between tokens', () => {
  const text = redactRecordText(`token=abc123 eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.sig ${'word '.repeat(200)}`);
  expect(text).toMatch(/^token= \[REDACTED\] \[REDACTED\] (word )+word\.\.\.$/);
  expect(text.length).toBeLessThanOrEqual(400);
  expect(text.length).toBeGreaterThan(390);
});

describe('metrics', () => {
  it('renders the contract series in Prometheus text format', async () => {
    const m = new Metrics();
    m.countHttp(200);
    m.countHttp(200);
    m.countHttp(401);
    m.countToolCall('everything', 'ok', 0.02);
    m.countToolCall(null, 'tool_error', 3);
    m.countToolCall('we"ird\\name\n', 'ok', 0.001);
    const text = await m.render({
      pending: () => 2,
      sessions: () => 1,
      health: async () => ({
        generation: 1,
        rows: [
          { name: 'b', status: 'online', restart_count: 2, pending_count: 1 },
          { name: 'a', status: 'online', restart_count: 0, pending_count: 0 },
          { name: 'c', status: 'lazy', restart_count: 0, pending_count: 0 },
        ] as never,
      }),
    });
    expect(text).toContain('# TYPE gatehouse_http_requests_total counter\ngatehouse_http_requests_total{code="200"} 2\ngatehouse_http_requests_total{code="401"} 1');
    expect(text).toContain('gatehouse_tool_calls_total{server="everything",outcome="ok"} 1');
    expect(text).toContain('gatehouse_tool_calls_total{server="gateway",outcome="tool_error"} 1');
    expect(text).toContain('gatehouse_tool_calls_total{server="we\\"ird\\\\name\\n",outcome="ok"} 1');
    expect(text).toContain('gatehouse_tool_call_duration_seconds_bucket{server="everything",le="0.025"} 1');
    expect(text).toContain('gatehouse_tool_call_duration_seconds_bucket{server="everything",le="0.01"} 0');
    expect(text).toContain('gatehouse_tool_call_duration_seconds_count{server="gateway"} 1');
    expect(text).toContain('gatehouse_pending_requests 2');
    expect(text).toContain('gatehouse_downstream_servers{status="lazy"} 1\ngatehouse_downstream_servers{status="online"} 2');
    expect(text).toContain('gatehouse_downstream_restarts_total{server="a"} 0\ngatehouse_downstream_restarts_total{server="b"} 2');
    expect(text).toContain('gatehouse_downstream_pending{server="b"} 1');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('caps the number of server labels clients can create', () => {
    const m = new Metrics();
    for (let i = 0; i < 300; i += 1) m.serverLabel(`s${i}`);
    expect(m.serverLabel('one-too-many')).toBe('other');
    expect(m.serverLabel('s5')).toBe('s5');
  });
});
