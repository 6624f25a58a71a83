// How `gatehouse logs` reads and renders a line: timestamps, server filter, audit events as table rows.
import { describe, expect, it } from 'vitest';
import { readableError } from '../../../src/main/logs/error-text';
import { timestamped } from '../../../src/main/logs/gateway-log';
import { AUDIT_HEADER, auditRow, mentionsServer, parseAuditLine, parseLogLine } from '../../../src/main/logs/log-lines';
import type { AuditEvent } from '../../../src/main/logs/audit-ring';

const event: AuditEvent = {
  ts: '2026-01-02T03:04:05.678Z',
  session_id: '0123456789abcdef',
  principal: 'anonymous',
  method: 'tools/call',
  tool: 'fault::echo',
  server: 'fault',
  outcome: 'tool_error',
  latency_ms: 12,
  auth_state: 'none',
  error: 'two\nlines',
  trace_present: false,
  correlation: null,
};

describe('gateway log lines', () => {
  it('prefixes every text line with the same ISO time and drops only a trailing newline', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    expect(timestamped('one', now)).toEqual(['2026-01-02T03:04:05.678Z one']);
    expect(timestamped('first\n\nthird\n', now)).toEqual(['2026-01-02T03:04:05.678Z first', '2026-01-02T03:04:05.678Z ', '2026-01-02T03:04:05.678Z third']);
  });

  it('splits the time from the text, and keeps a line without one whole', () => {
    expect(parseLogLine('2026-01-02T03:04:05.678Z [fault] eager start failed')).toEqual({ ts: '2026-01-02T03:04:05.678Z', message: '[fault] eager start failed' });
    expect(parseLogLine('no time here')).toEqual({ ts: null, message: 'no time here' });
  });

  it('matches a server by its [name] prefix only', () => {
    expect(mentionsServer('2026 [fault] restart failed', 'fault')).toBe(true);
    expect(mentionsServer('2026 [faulty] restart failed', 'fault')).toBe(false);
    expect(mentionsServer('2026 stopped fault (1/1)', 'fault')).toBe(false);
  });
});

describe('audit lines', () => {
  it('parses events and refuses torn or foreign lines', () => {
    expect(parseAuditLine(JSON.stringify(event))).toEqual(event);
    expect(parseAuditLine('{"ts":"2026-01-02T03:04:05.678Z","meth')).toBeNull();
    expect(parseAuditLine('[1,2]')).toBeNull();
    expect(parseAuditLine('{"hello":"world"}')).toBeNull();
  });

  it('renders rows under a header in fixed columns, one line each', () => {
    const row = auditRow(event);
    expect(row.split('\n')).toHaveLength(1);
    expect(AUDIT_HEADER.indexOf('CALL')).toBe(row.indexOf('fault::echo'));
    expect(AUDIT_HEADER.indexOf('SESSION')).toBe(row.indexOf('01234567'));
    expect(row).toMatch(/tool_error\s+12\s+fault::echo\s+fault\s+anonymous\s+01234567\s+two lines$/);
    expect(auditRow({ ...event, tool: null, server: null, method: 'initialize', error: null })).toMatch(/initialize\s+-\s+anonymous/);
  });
});

describe('readableError', () => {
  const entry = JSON.stringify({ code: 'E301', message: "Tool 'nope' not found on server 'fault'", details: { tool_id: 'fault::nope' } });
  it('reads a GatewayError entry, and the first entry of an answer envelope, as CODE message', () => {
    expect(readableError(entry)).toBe("E301 Tool 'nope' not found on server 'fault'");
    expect(readableError(JSON.stringify({ tool_id: 'fault::nope', ok: false, errors: [entry] }))).toBe("E301 Tool 'nope' not found on server 'fault'");
    expect(auditRow({ ...event, error: JSON.stringify({ ok: false, errors: [entry] }) })).toMatch(/E301 Tool 'nope' not found on server 'fault'$/);
  });

  it('reads the object entries answers carry since issue 12, alone and in an envelope (a CLI reads them as values)', () => {
    const object = { code: 'E302', message: 'Refresh refused: 1 request(s) are pending', retryable: true };
    expect(readableError(object)).toBe('E302 Refresh refused: 1 request(s) are pending');
    expect(readableError(JSON.stringify({ ok: false, errors: [object] }))).toBe('E302 Refresh refused: 1 request(s) are pending');
    expect(auditRow({ ...event, error: JSON.stringify({ tool_id: 'fault::nope', ok: false, errors: [object] }) })).toMatch(/E302 Refresh refused: 1 request\(s\) are pending$/);
  });

  it('keeps any other text as it is', () => {
    expect(readableError('HTTP 401')).toBe('HTTP 401');
    expect(readableError('{"ok":false}')).toBe('{"ok":false}');
    expect(readableError('[1]')).toBe('[1]');
  });
});
