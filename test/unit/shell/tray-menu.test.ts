import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type gatewayLine, MAX_SERVER_ITEMS, serverLabel, statusLine } from '../../../src/main/shell/tray-menu';
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
  it('puts the status lines first, Open next, the servers, the gateway and the switches, then Quit', () => {
    const gateway = { mode: 'serving', url: 'http://127.0.0.1:3344/mcp' } as const;
    const model = buildTrayMenu(snapshot(4, [row('files', 'online'), row('git', 'error', { last_error: 'exit 1' })]), { gateway, startAtLogin: true, notifications: false });
    expect(model.status).toBe('Gatehouse — 1 of 2 servers online, 1 error');
    expect(model.items.map((item) => (item.kind === 'separator' ? '---' : item.kind === 'check' ? `[${item.checked ? 'x' : ' '}] ${item.label}` : item.label))).toEqual([
      'Gatehouse — 1 of 2 servers online, 1 error',
      'Serving MCP at http://127.0.0.1:3344/mcp',
      '---',
      'Open Gatehouse',
      '---',
      'files — online (3 tools)',
      'git — error: exit 1',
      '---',
      'Pause gateway',
      '[x] Start at login',
      '[ ] Notifications',
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
    expect(model.items.map((item) => item.kind)).toEqual(['label', 'label', 'separator', 'action', 'separator', 'check', 'check', 'separator', 'action']);
  });

  it('offers the gateway action that fits its mode, and says where MCP is served or why not', () => {
    const control = (gateway: Parameters<typeof gatewayLine>[0]) => {
      const model = buildTrayMenu(snapshot(1, []), { gateway, startAtLogin: false, notifications: true });
      const found = model.items.find((item) => item.kind === 'action' && ['pause', 'resume', 'takeOver'].includes(item.action.type));
      return [model.items[1]?.kind === 'label' ? model.items[1].label : null, found?.kind === 'action' ? [found.label, found.action.type] : null];
    };
    expect(control({ mode: 'starting' })).toEqual(['Gateway starting…', null]);
    expect(control({ mode: 'paused' })).toEqual(['Gateway paused — MCP clients are not served', ['Resume gateway', 'resume']]);
    expect(control({ mode: 'unserved', reason: 'the HTTP gateway did not start: port 3344 on 127.0.0.1 is already in use' })).toEqual([
      'Not serving MCP clients: port 3344 on 127.0.0.1 is already in use',
      ['Pause gateway', 'pause'],
    ]);
    expect(control({ mode: 'attached', pid: 77, url: 'http://127.0.0.1:3344/mcp', lost: null })).toEqual([
      'Attached to the gateway pid 77 at http://127.0.0.1:3344/mcp',
      ['Take over from the gateway pid 77', 'takeOver'],
    ]);
    expect(control({ mode: 'attached', pid: 77, url: 'http://127.0.0.1:3344/mcp', lost: 'gone' })).toEqual(['The gateway pid 77 stopped answering', ['Serve from this app', 'takeOver']]);
  });
});
