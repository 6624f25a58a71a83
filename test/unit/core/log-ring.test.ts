import { describe, expect, it } from 'vitest';
import { createCoreLogRing, serverOf } from '../../../src/main/core/log-ring';

const fixedClock = () => new Date('2026-03-04T05:06:07.000Z');

describe('core log ring', () => {
  it('parses the server from a leading [name] prefix only', () => {
    expect(serverOf('[files] eager start failed: exit 1')).toBe('files');
    expect(serverOf('E101 config: /p/.mcp.json: bad [files] entry')).toBeNull();
    expect(serverOf('[not a name] x')).toBeNull();
  });

  it('keeps the newest lines, timestamped, and filters by server and limit', () => {
    const ring = createCoreLogRing(3, fixedClock);
    for (const text of ['one', '[a] two', '[b] three', '[a] four']) ring.push(text);
    expect(ring.list()).toEqual([
      { ts: '2026-03-04T05:06:07.000Z', text: '[a] two', server: 'a' },
      { ts: '2026-03-04T05:06:07.000Z', text: '[b] three', server: 'b' },
      { ts: '2026-03-04T05:06:07.000Z', text: '[a] four', server: 'a' },
    ]);
    expect(ring.list({ server: 'a' }).map((l) => l.text)).toEqual(['[a] two', '[a] four']);
    expect(ring.list({ server: 'a', limit: 1 }).map((l) => l.text)).toEqual(['[a] four']);
    expect(ring.list({ server: null, limit: 2 }).map((l) => l.text)).toEqual(['[b] three', '[a] four']);
  });

  it('cuts a runaway line so one message cannot hold megabytes', () => {
    const line = createCoreLogRing(5, fixedClock).push(`[a] ${'x'.repeat(10_000)}`);
    expect(line.text.length).toBeLessThanOrEqual(4001);
    expect(line.text.endsWith('…')).toBe(true);
  });
});
