// A downstream log line on its way to a client: named for its server, bounded, its level kept or made
// sane — a child's log line is hostile input.
import { describe, expect, it } from 'vitest';
import { fromServer, isLogLevel, severity } from '../../../../src/main/gateway/passthrough/log-levels';

describe('fromServer', () => {
  it('names the server as logger, and server::logger when the child named one', () => {
    expect(fromServer('git', { level: 'warning', data: 'x' })).toEqual({ level: 'warning', logger: 'git', data: 'x' });
    expect(fromServer('git', { level: 'info', logger: 'fetch', data: 'x' })).toMatchObject({ logger: 'git::fetch' });
  });

  it('turns an unknown level into info rather than passing it on', () => {
    expect(fromServer('git', { level: 'shouting', data: 'x' }).level).toBe('info');
  });

  it('cuts huge data with a marker, and drops data that cannot be serialised', () => {
    const line = fromServer('git', { level: 'info', data: { blob: 'y'.repeat(50_000) } });
    expect(typeof line.data).toBe('string');
    expect(String(line.data).length).toBeLessThan(9_000);
    expect(String(line.data)).toContain('LOG LINE TRUNCATED');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(fromServer('git', { level: 'info', data: cyclic }).data).toBeNull();
  });
});

describe('levels', () => {
  it('orders RFC 5424 severities and ranks an unknown level above all', () => {
    expect(severity('debug')).toBeLessThan(severity('warning'));
    expect(severity('emergency')).toBeLessThan(severity('nonsense'));
    expect(isLogLevel('notice')).toBe(true);
    expect(isLogLevel('verbose')).toBe(false);
  });
});
