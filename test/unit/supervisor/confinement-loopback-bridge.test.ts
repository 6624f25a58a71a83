// Gatehouse's side of network "loopback" with real sockets: a stream into a port's Unix socket reaches
// the host's 127.0.0.1:PORT both ways, each half ended in turn; close ends the streams and removes the
// folder; a bridge root that is not this user's private folder is refused rather than used.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bridgeSocket, FORWARDER_FILE } from '../../../src/main/common/confinement/bridge';
import { createLoopbackBridge } from '../../../src/main/supervisor/confinement/loopback-bridge';

let runtime: string;
let echo: Server;
let port: number;

beforeEach(async () => {
  runtime = mkdtempSync(join(tmpdir(), 'gh-rt-'));
  echo = createServer({ allowHalfOpen: true }, (socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  port = (echo.address() as AddressInfo).port;
});

afterEach(async () => {
  await new Promise<void>((resolve) => echo.close(() => resolve()));
  rmSync(runtime, { recursive: true, force: true });
});

/** Writes `text` into the socket, ends its half, and reads until the other side ends. */
function roundTrip(path: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ path, allowHalfOpen: true });
    let got = '';
    socket.on('data', (chunk) => (got += chunk.toString()));
    socket.once('end', () => {
      socket.end();
      resolve(got);
    });
    socket.once('error', reject);
    socket.once('connect', () => socket.end(text));
  });
}

describe('createLoopbackBridge', () => {
  it('carries a stream from a port’s socket to the host port and back, and close removes the folder', async () => {
    const bridge = createLoopbackBridge('db server/1', { XDG_RUNTIME_DIR: runtime });
    const { dir } = bridge.layout;
    expect(dir.startsWith(join(runtime, 'gatehouse-bridge', 'db_server_1-'))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(dir, FORWARDER_FILE), 'utf8')).toContain('gatehouse loopback bridge');
    await bridge.open([port]);
    expect(await roundTrip(bridgeSocket(dir, port), 'ping through the bridge')).toBe('ping through the bridge');
    bridge.close();
    bridge.close();
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a bridge root another user could have made or can read', () => {
    const root = join(runtime, 'gatehouse-bridge');
    mkdirSync(root);
    chmodSync(root, 0o755);
    expect(() => createLoopbackBridge('db', { XDG_RUNTIME_DIR: runtime })).toThrow(`${root} is not a private folder of this user's`);
  });
});
