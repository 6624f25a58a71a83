// instance.json and the state dir: private atomic writes, distrust of files others could have written,
// and the liveness rule a stdio client uses before attaching (the listener proves it holds the per-run
// token; nothing is sent to one that cannot).
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
import { IDENTITY_PATH, identityProof } from '../../../src/main/state/identity-proof';
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

interface Listener {
  port: number;
  /** The Authorization headers it received (none may ever arrive). */
  authorizations: string[];
}

/**
 * A listener answering /health with `pid` and the identity challenge with `prove(nonce, port)`: the real
 * gateway's answer when given its token and own port, an impostor's otherwise.
 */
async function listener(pid: number, prove: (nonce: string, port: number) => string): Promise<Listener> {
  const authorizations: string[] = [];
  const server = createServer((req, res) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === IDENTITY_PATH) res.end(JSON.stringify({ gatehouse_identity: 1, proof: prove(url.searchParams.get('nonce') ?? '', port) }));
    else res.end(JSON.stringify({ ok: true, version: 'x', transport: 'http', gateway_diagnostics: { pid } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  return { port, authorizations };
}

const gatewayWith = (pid: number, token: string) => listener(pid, (nonce, port) => identityProof(token, nonce, port));

function liveChild(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  cleanups.push(() => void child.kill());
  return child.pid!;
}

describe('findLiveInstance', () => {
  it('ignores a stale file whose process is gone', async () => {
    const path = join(tempDir(), 'instance.json');
    writeInstanceFile(path, instanceRecord(await deadPid(), 'http://127.0.0.1:1/mcp', 1, newInstanceToken()));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, kind: 'stale', reason: expect.stringContaining('is not running') });
  });

  it('attaches only to a loopback listener that proves it holds the per-run token, never sending it', async () => {
    const pid = liveChild();
    const path = join(tempDir(), 'instance.json');
    const token = newInstanceToken();
    const gateway = await gatewayWith(pid, token);
    writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${gateway.port}/mcp`, gateway.port, token));
    expect(await findLiveInstance(path)).toMatchObject({ ok: true, record: { pid } });

    // Answers /health with the right pid, but is another run (another token), a guesser, or a relay of
    // the real gateway's answer for its own port: all impostors.
    const otherRun = await gatewayWith(pid, newInstanceToken());
    const guesser = await listener(pid, () => 'A'.repeat(43));
    const relay = await listener(pid, (nonce) => identityProof(token, nonce, gateway.port));
    for (const impostor of [otherRun, guesser, relay]) {
      writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${impostor.port}/mcp`, impostor.port, token));
      expect(await findLiveInstance(path)).toMatchObject({ ok: false, kind: 'impostor', reason: expect.stringContaining(`port ${impostor.port} is held by something that is not the announced Gatehouse (pid ${pid} in ${path})`) });
      expect(impostor.authorizations).toEqual([]);
    }

    const unused = await deadPort();
    writeInstanceFile(path, instanceRecord(pid, `http://127.0.0.1:${unused}/mcp`, unused, token));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, kind: 'unreachable' });

    writeInstanceFile(path, instanceRecord(pid, `http://192.0.2.1:${gateway.port}/mcp`, gateway.port, token));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, kind: 'stale', reason: expect.stringContaining('loopback') });

    writeInstanceFile(path, instanceRecord(process.pid, `http://127.0.0.1:${gateway.port}/mcp`, gateway.port, token));
    expect(await findLiveInstance(path)).toMatchObject({ ok: false, reason: expect.stringContaining('this process') });
    expect(gateway.authorizations).toEqual([]);
  });
});

async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

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
    const path = join(tempDir(), 'instance.json');
    const owner = newInstanceToken();
    const { port } = await gatewayWith(pid, owner);
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
