// A client counts as installed by its own traces (its folder holding files it wrote, its command on
// PATH, settings of its own in its config), never by what Gatehouse wrote there.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectClient, hasOwnSettings } from '../../../src/main/clients/detect';
import type { PathContext } from '../../../src/main/clients/paths';
import { findClient } from '../../../src/main/clients/table';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-detect-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const ctx = (path = ''): PathContext => ({ platform: 'linux', env: { PATH: path }, home });
const cursor = findClient('cursor')!;
const claude = findClient('claude-code')!;

describe('hasOwnSettings', () => {
  it('is false for nothing but the entry (and the maps on its way), true for anything else', () => {
    const path = ['mcpServers', 'gatehouse'];
    expect(hasOwnSettings({}, path)).toBe(false);
    expect(hasOwnSettings({ mcpServers: { gatehouse: { command: 'x' } } }, path)).toBe(false);
    expect(hasOwnSettings({ mcpServers: {} }, path)).toBe(false);
    expect(hasOwnSettings({ mcpServers: { gatehouse: {}, memory: {} } }, path)).toBe(true);
    expect(hasOwnSettings({ mcpServers: { gatehouse: {} }, theme: 'dark' }, path)).toBe(true);
    expect(hasOwnSettings({ mcp_servers: { gatehouse: {} } }, ['mcp_servers', 'gatehouse'])).toBe(false);
  });
});

describe('detectClient', () => {
  const file = () => join(home, '.cursor', 'mcp.json');

  it('does not count a folder holding only what Gatehouse wrote (the file, its lock, a temp file), or an empty one', () => {
    mkdirSync(join(home, '.cursor'));
    expect(detectClient(cursor, ctx(), file(), false)).toEqual({ detected: false, by: null });
    writeFileSync(file(), '{"mcpServers":{"gatehouse":{"command":"gatehouse"}}}');
    writeFileSync(`${file()}.gatehouse.lock`, '');
    writeFileSync(join(home, '.cursor', '.mcp.json.4242.0a1b2c3d.tmp'), '');
    expect(detectClient(cursor, ctx(), file(), false)).toEqual({ detected: false, by: null });
  });

  it('counts the client\'s own files in its folder, its command on PATH, or its own settings', () => {
    mkdirSync(join(home, '.cursor'));
    writeFileSync(file(), '{}');
    expect(detectClient(cursor, ctx(), file(), true)).toEqual({ detected: true, by: `settings in ${file()}` });
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'cursor'), '#!/bin/sh\n');
    chmodSync(join(bin, 'cursor'), 0o755);
    expect(detectClient(cursor, ctx(bin), file(), false)).toEqual({ detected: true, by: `command ${join(bin, 'cursor')}` });
    writeFileSync(join(home, '.cursor', 'argv.json'), '{}');
    expect(detectClient(cursor, ctx(), file(), false)).toEqual({ detected: true, by: `folder ${join(home, '.cursor')}` });
  });

  it('reads a client\'s own detect folder the same way (Claude Code: ~/.claude)', () => {
    const claudeFile = join(home, '.claude.json');
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', '.mcp.json'), '{}'); // Gatehouse's own user config lives there too
    expect(detectClient(claude, ctx(), claudeFile, false).detected).toBe(false);
    writeFileSync(join(home, '.claude', 'settings.json'), '{}');
    expect(detectClient(claude, ctx(), claudeFile, false)).toEqual({ detected: true, by: `folder ${join(home, '.claude')}` });
  });
});
