import { describe, expect, it } from 'vitest';
import { auditSubject } from '../../../src/main/gateway/audit-subject';

describe('auditSubject (one builder for HTTP and stdio audit events)', () => {
  it("names the downstream tool and server of an invoke, else the meta-tool's own name", () => {
    expect(auditSubject('gateway.invoke', { tool_id: 'everything::echo' })).toMatchObject({ tool: 'everything::echo', server: 'everything', correlation: null, trace_present: false });
    expect(auditSubject('gateway.health', {})).toMatchObject({ tool: 'gateway.health', server: null });
    expect(auditSubject(undefined, null)).toMatchObject({ tool: null, server: null });
  });

  it('caps what the client sent', () => {
    const subject = auditSubject('gateway.invoke', { tool_id: `${'s'.repeat(200)}::${'t'.repeat(500)}` });
    expect(subject.tool?.length).toBe(300);
    expect(subject.server?.length).toBe(128);
  });

  it('keeps the correlation ids of an invoke that gives all three', () => {
    const hex = 'a'.repeat(64);
    const ids = { run_correlation_id: hex, seat_correlation_id: hex, evidence_label_digest: hex };
    expect(auditSubject('gateway.invoke', { tool_id: 'x::y', ...ids }).correlation).toEqual(ids);
  });
});
