// instance.json and the state dir: private atomic writes, distrust of files others could have written,
// and the liveness rule a stdio client uses before attaching.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/main/cli/args';
import { proxy } from '../../../src/main/cli/proxy';
import { instanceRecord, newInstanceToken, readInstanceFile, removeInstanceFile, writeInstanceFile } from '../../../src/main/state/instance-file';
import { announceInstance, loopbackMcpUrl } from '../../../src/main/state/announce';
import { findLiveInstance } from '../../../src/main/state/live-instance';
import { instanceFilePath, stateDir } from '../../../src/main/state/paths';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gh-state-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('state dir', () => {
  it('follows XDG_STATE_HOME, ignores a relative one, and falls back per platform', () => {
    expect(stateDir({ env: { XDG_STATE_HOME: '/x/state' }, home: '/h', platform: 'linux' })).toBe('/x/state/gatehouse');
    expect(stateDir({ env: { XDG_STATE_HOME: 'relative' }, home: '/h', platform: 'linux' })).toBe('/h/.local/state/gatehouse');
    expect(stateDir({ env: {}, home: '/h', platform: 'darwin' })).toBe('/h/.local/state/gatehouse');
    expect(stateDir({ env: { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, home: 'C:\\Users\\u', platform: 'win32' })).toContain('gatehouse');
    expect(instanceFilePath({ env: { XDG_STATE_HOME: '/x' } })).toBe('/x/gatehouse/instance.json');
  });
});

describe('instance.json', () => {
  it('is written atomically, 0600 in a 0700 folder, and read back', () => {
    const dir = join(tempDir(), 'gatehouse');
    const path = join(dir, 'instance.json');
    const token = newInstanceToken();
    writeInstanceFile(path, instanceRecord(1234, 'http://127.0.0.1:3344/mcp', 3344, token));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['instance.json']);
    expect(readInstanceFile(path)).toMatchObject({ ok: true, record: { pid: 1234, port: 3344, token } });
  });

  it('is not trusted when others can read or write it, or when it is not a gateway record', () => {
    const dir = tempDir();
    const path = join(dir, 'instance.json');
    writeInstanceFile(path, instanceRecord(1, 'http://127.0.0.1:1/mcp', 1, newInstanceToken()));
    chmodSync(path, 0o644);
    expect(readInstanceFile(path)).toMatchObject({ ok: false, reason: expect.stringContaining('open to other users') });
    writeFileSync(path, '{"pid":"x"}', { mode: 0o600 });
    chmodSync(path, 0o600);
    expect(readInstanceFile(path)).toMatchObject({ ok: false, reason: expect.stringContaining('does not describe a gateway') });
    expect(readInstanceFile(join(dir, 'missing.json'))).toEqual({ ok: false, reason: 'no instance.json' });
  });

  it('is removed only by the gateway whose token it holds', () => {
    const path = join(tempDir(), 'instance.json');
    const token = newInstanceToken();
    writeInstanceFile(path, instanceRecord(1, 'http://127.0.0.1:1/mcp', 1, token));
    expect(removeInstanceFile(path, newInstanceToken())).toBe(false);
    expect(removeInstanceFile(path, token)).toBe(true);
    expect(readInstanceFile(path).ok).toBe(false);
  });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

async function healthServer(pid: number): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, version: 'x', transport: 'http', gateway_diagnostics: { pid } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return (server.address() as AddressInfo).port;
}

function liveChild(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  cleanups.push(() => void child.kill());
  return child.pid!;
}

describe('findLiveInstance', () => {
  it('ignores a stale file whose process is gone', async () => {
    const path = join(tempDir(), 'instance.json');
    writeInstanceFile(path, instanceRecord(await deadPid(), 'http://127.0.0.1:1/mcp', 1, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, reason: expect.stringContaining('is not running') });
  });

  it('attaches only when /health answers for the same pid, on loopback', async () => {
    const pid = liveChild();
    const path = join(tempDir(), 'instance.json');
    const port = await healthServer(pid);
    writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${port}/mcp`, port, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: true, record: { pid } });

    const impostor = await healthServer(pid + 1);
    writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${impostor}/mcp`, impostor, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, reason: expect.stringContaining('not the one instance.json names') });

    writeInstanceFile(path, instanceRecord(pid, `http://192.0.2.1:${port}/mcp`, port, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, reason: expect.stringContaining('loopback') });

    writeInstanceFile(path, instanceRecord(process.pid, `http://127.0.0.1:${port}/mcp`, port, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, reason: expect.stringContaining('this process') });
  });
});

describe('announceInstance', () => {
  it('claims the file for a loopback-reachable gateway and releases it', async () => {
    const path = join(tempDir(), 'gatehouse', 'instance.json');
    const token = newInstanceToken();
    const release = await announceInstance({ url: 'http://127.0.0.1:4000/mcp', port: 4000, host: '127.0.0.1', token, log: () => undefined, path });
    expect(readInstanceFile(path)).toMatchObject({ ok: true, record: { pid: process.pid, port: 4000, token } });
    release();
    expect(readInstanceFile(path).ok).toBe(false);
  });

  it('leaves the file to a live gateway that already owns it', async () => {
    const pid = liveChild();
    const port = await healthServer(pid);
    const path = join(tempDir(), 'instance.json');
    const owner = newInstanceToken();
    writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${port}/mcp`, port, owner));
    const release = await announceInstance({ url: 'http://127.0.0.1:4000/mcp', port: 4000, host: '127.0.0.1', token: newInstanceToken(), log: () => undefined, path });
    release();
    expect(readInstanceFile(path)).toMatchObject({ ok: true, record: { pid, token: owner } });
  });

  it('announces a wildcard bind on 127.0.0.1 and skips an address loopback cannot reach', async () => {
    expect(loopbackMcpUrl('http://0.0.0.0:4000/mcp', 4000, '0.0.0.0')).toBe('http://127.0.0.1:4000/mcp');
    expect(loopbackMcpUrl('http://[::]:4000/mcp', 4000, '::')).toBe('http://[::1]:4000/mcp');
    const path = join(tempDir(), 'instance.json');
    const lines: string[] = [];
    await announceInstance({ url: 'http://192.0.2.1:4000/mcp', port: 4000, host: '192.0.2.1', token: newInstanceToken(), log: (l) => lines.push(l), path });
    expect(readInstanceFile(path).ok).toBe(false);
    expect(lines.join()).toContain('not reachable over loopback');
  });
});

describe('gatehouse proxy arguments', () => {
  it('needs --url on a loopback address and a gateway that answers', async () => {
    await expect(proxy([])).rejects.toBeInstanceOf(UsageError);
    for (const url of ['http://example.com/mcp', 'http://192.168.1.5:3344/mcp', 'ftp://127.0.0.1/mcp', 'http://user:pw@127.0.0.1:1/mcp', 'nonsense']) {
      await expect(proxy(['--url', url]), url).rejects.toThrow(/loopback address/);
    }
    await expect(proxy(['--url', 'http://127.0.0.1:9/mcp'])).rejects.toMatchObject({ code: 'E201' });
  });
});
