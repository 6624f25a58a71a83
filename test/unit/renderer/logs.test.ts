import { describe, expect, it } from 'vitest';
import { filterLogs, serverChoices } from '../../../src/renderer/logs/filter-logs';
import { mergeSeed } from '../../../src/renderer/logs/logs-slice';

const line = (text: string, server: string | null = null, ts = '2026-03-04T05:06:07.000Z') => ({ ts, text, server });

describe('logs slice seed', () => {
  it('keeps pushes that beat the seed, once, after the seeded lines', () => {
    const seed = [line('one'), line('[a] two', 'a')];
    const early = [line('[a] two', 'a'), line('three')];
    expect(mergeSeed(seed, early).map((l) => l.text)).toEqual(['one', '[a] two', 'three']);
  });
});

describe('filterLogs', () => {
  const lines = [line('gateway up'), line('[a] Failed to start', 'a'), line('[b] failed too', 'b')];

  it('narrows by server and by text, ignoring case', () => {
    expect(filterLogs(lines, { server: 'a', text: '' }).map((l) => l.text)).toEqual(['[a] Failed to start']);
    expect(filterLogs(lines, { server: null, text: ' FAILED ' }).map((l) => l.server)).toEqual(['a', 'b']);
    expect(filterLogs(lines, { server: 'b', text: 'start' })).toEqual([]);
  });

  it('offers every health row and any server a line names, sorted', () => {
    expect(serverChoices(['b', 'c'], lines)).toEqual(['a', 'b', 'c']);
  });
});
