import { describe, expect, it } from 'vitest';
import { buildTrayMenu, MAX_SERVER_ITEMS, serverLabel, statusLine } from '../../../src/main/shell/tray-menu';
import { row, snapshot } from '../../helpers/health-fixtures';

describe('statusLine', () => {
  it('counts online servers out of all servers', () => {
    expect(statusLine(snapshot(1, [row('a', 'online'), row('b', 'online'), row('c', 'lazy')]))).toBe(
      'Gatehouse — 2 of 3 servers online',
    );
  });

  it('adds the error count, singular and plural', () => {
    expect(statusLine(snapshot(1, [row('a', 'online'), row('b', 'error')]))).toBe('Gatehouse — 1 of 2 servers online, 1 error');
    expect(statusLine(snapshot(1, [row('a', 'error'), row('b', 'error'), row('c', 'stopped')]))).toBe(
      'Gatehouse — 0 of 3 servers online, 2 errors',
    );
  });

  it('uses the singular for one server', () => {
    expect(statusLine(snapshot(1, [row('a', 'online')]))).toBe('Gatehouse — 1 of 1 server online');
  });

  it('says when nothing is configured or nothing is known yet', () => {
    expect(statusLine(snapshot(1, []))).toBe('Gatehouse — no servers configured');
    expect(statusLine(null)).toBe('Gatehouse — starting…');
  });
});

describe('serverLabel', () => {
  it('describes each status', () => {
    expect(serverLabel(row('files', 'online', { tool_count: 12 }))).toBe('files — online (12 tools)');
    expect(serverLabel(row('files', 'online', { tool_count: 1 }))).toBe('files — online (1 tool)');
    expect(serverLabel(row('files', 'lazy'))).toBe('files — idle, starts on first use');
    expect(serverLabel(row('files', 'starting'))).toBe('files — starting…');
    expect(serverLabel(row('files', 'stopped'))).toBe('files — stopped');
    expect(serverLabel(row('files', 'error'))).toBe('files — error');
  });

  it('shows a one-line, shortened last error', () => {
    const label = serverLabel(row('git', 'error', { last_error: `spawn failed:\n${'x'.repeat(200)}` }));
    expect(label.startsWith('git — error: spawn failed: xxx')).toBe(true);
    expect(label).not.toContain('\n');
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBeLessThan(80);
  });
});

describe('buildTrayMenu', () => {
  it('puts the status line first, Open next, the servers, then Quit', () => {
    const model = buildTrayMenu(snapshot(4, [row('files', 'online'), row('git', 'error', { last_error: 'exit 1' })]));
    expect(model.status).toBe('Gatehouse — 1 of 2 servers online, 1 error');
    expect(model.items.map((item) => (item.kind === 'separator' ? '---' : item.label))).toEqual([
      'Gatehouse — 1 of 2 servers online, 1 error',
      '---',
      'Open Gatehouse',
      '---',
      'files — online (3 tools)',
      'git — error: exit 1',
      '---',
      'Quit Gatehouse',
    ]);
    expect(model.items[0]).toEqual({ kind: 'label', label: model.status });
    expect(model.items.at(-1)).toEqual({ kind: 'action', label: 'Quit Gatehouse', action: { type: 'quit' } });
  });

  it('offers Stop for running servers and Start or Retry for the rest', () => {
    const model = buildTrayMenu(snapshot(1, [row('a', 'online'), row('b', 'starting'), row('c', 'lazy'), row('d', 'error'), row('e', 'stopped')]));
    const toggles = model.items.flatMap((item) => (item.kind === 'server' ? [[item.name, item.toggle.label, item.toggle.action]] : []));
    expect(toggles).toEqual([
      ['a', 'Stop', { type: 'stopServer', name: 'a' }],
      ['b', 'Stop', { type: 'stopServer', name: 'b' }],
      ['c', 'Start', { type: 'startServer', name: 'c' }],
      ['d', 'Retry', { type: 'startServer', name: 'd' }],
      ['e', 'Start', { type: 'startServer', name: 'e' }],
    ]);
  });

  it('caps the server entries and points at the window for the rest', () => {
    const rows = Array.from({ length: MAX_SERVER_ITEMS + 4 }, (_, index) => row(`s${index}`, 'lazy'));
    const model = buildTrayMenu(snapshot(1, rows));
    expect(model.items.filter((item) => item.kind === 'server')).toHaveLength(MAX_SERVER_ITEMS);
    expect(model.items).toContainEqual({ kind: 'action', label: '4 more in Gatehouse…', action: { type: 'open' } });
  });

  it('has no server section before the first snapshot', () => {
    const model = buildTrayMenu(null);
    expect(model.items.map((item) => item.kind)).toEqual(['label', 'separator', 'action', 'separator', 'action']);
  });
});
