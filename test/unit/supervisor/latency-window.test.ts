// The latency window's summary: kept between samples (health rows ask for it on every state change),
// made again after the next sample.
import { expect, it } from 'vitest';
import { LatencyWindow } from '../../../src/main/supervisor/latency';

it('summarises recent calls, and a new sample changes the summary', () => {
  const window = new LatencyWindow(4);
  expect(window.summary()).toEqual({ count: 0, p50_ms: null, p99_ms: null });
  for (const ms of [5, 1, 3]) window.record(ms);
  const first = window.summary();
  expect(first).toEqual({ count: 3, p50_ms: 3, p99_ms: 5 });
  expect(window.summary()).toBe(first); // not sorted again while nothing changed
  window.record(100);
  expect(window.summary()).toEqual({ count: 4, p50_ms: 5, p99_ms: 100 });
  for (const ms of [1, 1, 1, 1]) window.record(ms); // the window holds the last four
  expect(window.summary()).toEqual({ count: 8, p50_ms: 1, p99_ms: 1 });
});
