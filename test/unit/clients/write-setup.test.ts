// `setup --write` under the lock, against real files: the entry is merged into the file as it is when
// the lock is held (not as a preview saw it), an app that saves the file right before our rename is
// noticed and its change kept (retry) or the write refused (E103), and a held lock refuses naming it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryRequest } from '../../../src/main/clients/entry';
import { namedLauncher } from '../../../src/main/clients/launcher';
import type { PathContext } from '../../../src/main/clients/paths';
import type { SetupRequest } from '../../../src/main/clients/plan';
import { findClient, type ClientSpec } from '../../../src/main/clients/table';
import { lockPathFor, processStartTime } from '../../../src/main/clients/target-lock';
import { writeSetup } from '../../../src/main/clients/write-setup';

const STDIO: EntryRequest = { mode: 'stdio', launcher: namedLauncher('gatehouse'), url: 'http://127.0.0.1:3344/mcp' };

let home: string;
let ctx: PathContext;
let path: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-write-'));
  ctx = { platform: 'linux', env: {}, home };
  path = join(home, '.claude.json');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(home, { recursive: true, force: true });
});

const request = (name: string): SetupRequest => ({ client: findClient('claude-code') as ClientSpec, ctx, name, action: 'set', entry: STDIO });
const servers = () => (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;
/** Nothing left behind: no lock file, no temp file, no stale lock moved aside. */
const leftovers = () => readdirSync(home).filter((name) => name !== '.claude.json');

describe('writing under the lock', () => {
  it('writes and leaves no lock or temp file behind', async () => {
    writeFileSync(path, '{"mcpServers": {"memory": {"command": "npx"}}}\n');
    const { outcome, plan } = await writeSetup(request('gw'));
    expect(outcome).toEqual({ ok: true, written: true, problem: null });
    expect(plan.changed).toBe(true);
    expect(Object.keys(servers())).toEqual(['memory', 'gw']);
    expect(leftovers()).toEqual([]);
  });

  it('keeps a change another app saved right before the rename, by merging again into it', async () => {
    writeFileSync(path, '{"mcpServers": {}}\n');
    let saves = 0;
    const { outcome } = await writeSetup(request('gw'), {
      beforeRename: () => {
        if (saves++ === 0) writeFileSync(path, '{"mcpServers": {"editor": {"command": "added-meanwhile"}}}\n');
        return null;
      },
    });
    expect(outcome.written).toBe(true);
    expect(saves).toBe(2);
    expect(servers()).toEqual({ editor: { command: 'added-meanwhile' }, gw: expect.objectContaining({ command: 'gatehouse' }) });
    expect(leftovers()).toEqual([]);
  });

  it('refuses with E103 when the file keeps changing under it, and keeps the other app\'s content', async () => {
    writeFileSync(path, '{"mcpServers": {}}\n');
    let saves = 0;
    const { outcome } = await writeSetup(request('gw'), {
      beforeRename: () => {
        writeFileSync(path, `{"mcpServers": {}, "saves": ${++saves}}\n`);
        return null;
      },
    });
    expect(outcome).toMatchObject({ ok: false, written: false, problem: { code: 'concurrent_modification', message: expect.stringContaining(`E103 write refused: ${path} changed since it was read`) } });
    expect(readFileSync(path, 'utf8')).toBe(`{"mcpServers": {}, "saves": ${saves}}\n`);
    expect(leftovers()).toEqual([]);
  });

  it('refuses naming the lock file while another live setup holds it, writing nothing', async () => {
    writeFileSync(path, '{"mcpServers": {}}\n');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    writeFileSync(lockPathFor(path), JSON.stringify({ pid: child.pid, start: processStartTime(child.pid as number), host: hostname(), nonce: 'theirs', created_at: 'now' }));
    const { outcome } = await writeSetup(request('gw'), { waitMs: 100 });
    expect(outcome).toMatchObject({ ok: false, written: false, problem: { code: 'locked', message: expect.stringContaining(lockPathFor(path)) } });
    expect(readFileSync(path, 'utf8')).toBe('{"mcpServers": {}}\n');
  });

  it('takes no lock when there is nothing to write', async () => {
    const { outcome } = await writeSetup({ ...request('gw'), action: 'remove' });
    expect(outcome).toEqual({ ok: true, written: false, problem: null });
    expect(existsSync(home) && leftovers()).toEqual([]);
  });
});
