import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { row, snapshot } from '../../helpers/health-fixtures';
import { createHealthSlice, type HealthSlice } from '../../../src/renderer/servers/health-slice';

const newStore = () => createStore<HealthSlice>()(createHealthSlice<HealthSlice>());

describe('health slice', () => {
  it('starts empty with no generation seen', () => {
    const store = newStore();
    expect(store.getState().rows).toEqual([]);
    expect(store.getState().generation).toBeNull();
  });

  it('applies the first snapshot, even generation 0', () => {
    const store = newStore();
    expect(store.getState().applySnapshot(snapshot(0, [row('a', 'lazy')]))).toBe(true);
    expect(store.getState().generation).toBe(0);
    expect(store.getState().rows.map((r) => r.status)).toEqual(['lazy']);
  });

  it('applies a newer generation', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(3, [row('a', 'starting')]));
    expect(store.getState().applySnapshot(snapshot(4, [row('a', 'online')]))).toBe(true);
    expect(store.getState().generation).toBe(4);
    expect(store.getState().rows[0]?.status).toBe('online');
    expect(store.getState().rows[0]?.tool_count).toBe(3);
  });

  it('drops an older generation that arrives late (e.g. a slow seed after a push)', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(5, [row('a', 'online')]));
    expect(store.getState().applySnapshot(snapshot(2, [row('a', 'lazy')]))).toBe(false);
    expect(store.getState().generation).toBe(5);
    expect(store.getState().rows[0]?.status).toBe('online');
  });

  it('drops a repeat of the same generation', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(5, [row('a', 'online')]));
    expect(store.getState().applySnapshot(snapshot(5, [row('a', 'stopped')]))).toBe(false);
    expect(store.getState().rows[0]?.status).toBe('online');
  });

  it('does not notify subscribers for a dropped snapshot', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(1, [row('a', 'online')]));
    let notified = 0;
    store.subscribe(() => notified++);
    store.getState().applySnapshot(snapshot(1, [row('a', 'error')]));
    store.getState().applySnapshot(snapshot(0, []));
    expect(notified).toBe(0);
    store.getState().applySnapshot(snapshot(2, []));
    expect(notified).toBe(1);
    expect(store.getState().rows).toEqual([]);
  });

  // Every push arrives as new objects (IPC copies them): a row that did not change must keep the object the
  // panel shows, or every row re-renders on every push (the render benchmark's 500 rows at 10 Hz).
  it('keeps the shown object of every row that did not change, and the list and names when none did', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(1, [row('a', 'online'), row('b', 'lazy')]));
    const first = store.getState();
    store.getState().applySnapshot(snapshot(2, [row('a', 'online'), row('b', 'online')]));
    const second = store.getState();
    expect(second.rows[0]).toBe(first.rows[0]);
    expect(second.rowsByName.a).toBe(first.rows[0]);
    expect(second.rows[1]).not.toBe(first.rows[1]);
    expect(second.rowsByName.b?.status).toBe('online');
    expect(second.rowNames).toBe(first.rowNames);
    expect(second.rowNames).toEqual(['a', 'b']);

    store.getState().applySnapshot(snapshot(3, [row('a', 'online'), row('b', 'online')]));
    expect(store.getState().rows).toBe(second.rows);
    expect(store.getState().generation).toBe(3);
  });

  it('sees a change deep inside a row, and a server added, removed or moved', () => {
    const store = newStore();
    store.getState().applySnapshot(snapshot(1, [row('a', 'online'), row('b', 'online')]));
    const first = store.getState();
    store.getState().applySnapshot(snapshot(2, [row('a', 'online', { latency: { count: 1, p50_ms: 3, p99_ms: 9 } }), row('b', 'online')]));
    expect(store.getState().rows[0]).not.toBe(first.rows[0]);
    expect(store.getState().rowNames).toBe(first.rowNames);
    store.getState().applySnapshot(snapshot(3, [row('b', 'online'), row('a', 'online')]));
    expect(store.getState().rowNames).toEqual(['b', 'a']);
    store.getState().applySnapshot(snapshot(4, [row('b', 'online')]));
    expect(store.getState().rowNames).toEqual(['b']);
    expect(Object.keys(store.getState().rowsByName)).toEqual(['b']);
  });
});
