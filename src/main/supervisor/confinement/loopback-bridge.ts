// Gatehouse's side of network "loopback" (common/confinement/bridge.ts): one Unix socket per granted
// port in a folder of this spawn's own (0700), each accepted stream connected on to the host's
// 127.0.0.1:PORT, and the forwarder's script beside them. Closed — listeners, live streams, folder — when
// the server's process exits. Nothing that passes through is read or logged.
import { lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeSocket, FORWARDER_FILE, type BridgeLayout } from '../../common/confinement/bridge';
import forwarderSource from './forwarder.mjs?raw';

export interface LoopbackBridge {
  layout: BridgeLayout;
  /** Starts listening on every port's socket (before the server is spawned). */
  open(ports: readonly number[]): Promise<void>;
  /** Stops listening, ends every stream and removes the folder. Safe to call more than once. */
  close(): void;
}

/**
 * Where bridge folders go: the per-user runtime folder (hidden inside the sandbox as a whole; this one
 * folder is shown), else a folder of this user's own under the system temp folder. Short on purpose: a
 * socket path has room for 107 bytes.
 */
function bridgeRoot(env: NodeJS.ProcessEnv): string {
  const runtime = env.XDG_RUNTIME_DIR?.startsWith('/') ? env.XDG_RUNTIME_DIR : null;
  const root = runtime ? join(runtime, 'gatehouse-bridge') : join(tmpdir(), `gatehouse-bridge-${process.getuid?.() ?? 'user'}`);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // Under a shared /tmp another user could have made it first: it must be ours, a folder, and closed.
  const stat = lstatSync(root);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o077) !== 0) {
    throw Object.assign(new Error(`${root} is not a private folder of this user's; remove it and start the server again`), { code: 'EBRIDGE' });
  }
  return root;
}

/** A bridge folder for one spawn of `server` (a fresh name each time: a restart never meets the last one's sockets). */
export function createLoopbackBridge(server: string, env: NodeJS.ProcessEnv): LoopbackBridge {
  const safe = server.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 24);
  const dir = mkdtempSync(join(bridgeRoot(env), `${safe}-`));
  writeFileSync(join(dir, FORWARDER_FILE), forwarderSource, { mode: 0o400 });
  const listeners: Server[] = [];
  const streams = new Set<Socket>();
  let closed = false;
  const track = (socket: Socket) => {
    streams.add(socket);
    socket.once('close', () => streams.delete(socket));
  };
  return {
    layout: { dir, node: process.execPath, electron: process.versions.electron !== undefined },
    async open(ports) {
      for (const port of ports) {
        const listener = createServer({ allowHalfOpen: true }, (inbound) => {
          const outbound = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
          track(inbound);
          track(outbound);
          pipeBoth(inbound, outbound);
        });
        listeners.push(listener);
        await new Promise<void>((resolve, reject) => {
          listener.once('error', reject);
          listener.listen(bridgeSocket(dir, port), () => resolve());
        });
      }
    },
    close() {
      if (closed) return;
      closed = true;
      for (const listener of listeners) listener.close();
      for (const stream of streams) stream.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Both ways with backpressure; each side ends the other's writing, and a broken side ends both. */
function pipeBoth(a: Socket, b: Socket): void {
  a.pipe(b);
  b.pipe(a);
  const broken = () => {
    a.destroy();
    b.destroy();
  };
  a.on('error', broken);
  b.on('error', broken);
}
