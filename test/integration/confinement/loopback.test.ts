// Network "loopback" under real bubblewrap: a server granted host loopback port P reaches a listener on
// 127.0.0.1:P through its bridge (the control), and is refused on another loopback port Q and on the
// host's non-loopback address; with "none" it reaches neither; with the default ("full") it reaches all
// three, which shows each refusal is the sandbox's. The bridge's folder goes when the server stops.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { attempt, createConfinedWorkspace, escapeServer, type ConfinedWorkspace } from './support';

let workspace: ConfinedWorkspace;
let core: CoreUnderTest;
const listeners: Server[] = [];
let granted: number;
let other: number;
let external: string;

/** An echo server on every address (the host's loopback and its other addresses). */
async function listen(): Promise<number> {
  const server = createServer({ allowHalfOpen: true }, (socket) => socket.pipe(socket));
  listeners.push(server);
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // The machine's own non-loopback IPv4 address: the test needs one (these hosts have one).
  const address = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4');
  if (!address) throw new Error('this host has no non-loopback IPv4 address to try');
  external = address.address;
  granted = await listen();
  other = await listen();
  workspace = createConfinedWorkspace();
  workspace.writeConfig({
    mcpServers: {
      bridged: escapeServer({ network: 'loopback', loopback_ports: [granted] }),
      isolated: escapeServer({ network: 'loopback' }),
      offline: escapeServer({ network: 'none' }),
      online: escapeServer(),
    },
  });
  core = await startCore(workspace, workspace.env);
});

afterAll(async () => {
  await core?.close();
  for (const server of listeners) await new Promise<void>((resolve) => server.close(() => resolve()));
  workspace?.cleanup();
});

const tcp = (server: string, host: string, port: number) => attempt(core.client, server, 'tcp', { host, port });

describe('network "loopback"', () => {
  it('reaches the granted host loopback port through its bridge, and its health row names the port and the bridge folder', async () => {
    expect(await tcp('bridged', '127.0.0.1', granted)).toEqual({ outcome: 'connected' });
    // Both ways through both sockets, more than any buffer holds (backpressure), each half ended in turn.
    const bytes = 4 * 1024 * 1024;
    expect(await attempt(core.client, 'bridged', 'tcp_echo', { host: '127.0.0.1', port: granted, bytes })).toEqual({ outcome: 'echoed', bytes });
    const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'bridged');
    expect(row?.confinement).toMatchObject({ state: 'confined', network: 'loopback', loopbackPorts: [granted] });
    expect(row?.confinement?.mounts.filter((m) => m.kind === 'bridge')).toEqual([{ path: expect.stringMatching(/gatehouse-bridge.*\/bridged-/), access: 'ro', kind: 'bridge' }]);
  });

  it('reaches it by the name "localhost" too, whichever address that names first', async () => {
    expect(await tcp('bridged', 'localhost', granted)).toEqual({ outcome: 'connected' });
    expect(await tcp('bridged', '::1', granted)).toEqual({ outcome: 'connected' });
  });

  it('is refused on another loopback port and on the host’s non-loopback address', async () => {
    expect(await tcp('bridged', '127.0.0.1', other)).toEqual({ outcome: 'ECONNREFUSED' });
    expect(await tcp('bridged', external, granted)).toEqual({ outcome: 'ENETUNREACH' });
  });

  it('with no ports granted it is its own loopback only, like "none"', async () => {
    expect(await tcp('isolated', '127.0.0.1', granted)).toEqual({ outcome: 'ECONNREFUSED' });
    expect(await tcp('isolated', external, granted)).toEqual({ outcome: 'ENETUNREACH' });
  });

  it('with network "none" it reaches neither; with "full" it reaches all (the control)', async () => {
    expect(await tcp('offline', '127.0.0.1', granted)).toEqual({ outcome: 'ECONNREFUSED' });
    expect(await tcp('offline', external, granted)).toEqual({ outcome: 'ENETUNREACH' });
    for (const [host, port] of [['127.0.0.1', granted], ['127.0.0.1', other], [external, granted]] as const) {
      expect(await tcp('online', host, port), `${host}:${port}`).toEqual({ outcome: 'connected' });
    }
  });

  it('a stop ends the server inside cleanly and removes the bridge folder', async () => {
    const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'bridged');
    const folder = row?.confinement?.mounts.find((m) => m.kind === 'bridge')?.path as string;
    expect(existsSync(`${folder}/${granted}`)).toBe(true);
    const marker = join(workspace.dataRoot, 'bridged', 'stopped-cleanly');
    rmSync(marker, { force: true });
    expect(await core.gatehouse.api.stopServer({ name: 'bridged' })).toMatchObject({ ok: true, row: { status: 'stopped' } });
    expect(readFileSync(marker, 'utf8')).toBe('yes');
    expect(existsSync(folder)).toBe(false);
  });
});
