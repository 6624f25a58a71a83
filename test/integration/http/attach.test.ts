// Attach instead of lock-out: `gatehouse serve --transport http` announces itself in instance.json
// (0600, pid, port, per-run token); later stdio clients become bridges into it and share its servers;
// when it stops, the file goes and the next stdio client runs its own core.
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { requireBuild } from '../../helpers/cli-process';
import { waitFor } from '../../helpers/core';
import { connectStdioCli, instancePath, startHttpGatewayCli, type HttpCli, type StdioCli } from './cli';

interface HealthBody {
  servers: { name: string; status: string; pid: number | null }[];
}

describe('a second stdio client attaches to the running gateway', () => {
  let workspace: Workspace;
  let gateway: HttpCli;
  const clients: StdioCli[] = [];

  beforeAll(async () => {
    requireBuild();
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
    gateway = await startHttpGatewayCli(workspace.project, workspace.home);
  });
  afterAll(async () => {
    for (const { client } of clients) await client.close().catch(() => undefined);
    await gateway?.stop();
    workspace?.cleanup();
  });

  it('announces itself in a private instance.json', () => {
    const path = instancePath(workspace.home);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ pid: gateway.child.pid, port: Number(gateway.url.port), url: gateway.url.href });
    expect(record.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(gateway.stderr()).not.toContain(record.token as string);
  });

  it('bridges two stdio clients into it; both see the same servers and the same child', async () => {
    clients.push(await connectStdioCli(workspace.project, workspace.home));
    clients.push(await connectStdioCli(workspace.project, workspace.home));
    const [first, second] = clients;
    // stderr arrives on its own pipe, possibly after the handshake answered: wait for the line.
    for (const cli of clients) await waitFor(() => cli.stderr().includes(`attached to the running gateway at ${gateway.url.href}`), 'the attach line');

    const echoed = await callMeta<{ ok: boolean; result: { content: { text: string }[] } }>(first!.client, 'gateway.invoke', {
      tool_id: 'everything::echo',
      arguments: { message: 'from the first client' },
    });
    expect(echoed.body.ok).toBe(true);
    expect(echoed.body.result.content[0]?.text).toBe('Echo: from the first client');

    const a = (await callMeta<HealthBody>(first!.client, 'gateway.health')).body.servers.find((s) => s.name === 'everything');
    const b = (await callMeta<HealthBody>(second!.client, 'gateway.health')).body.servers.find((s) => s.name === 'everything');
    expect(b).toMatchObject({ status: 'online' });
    expect(b?.pid).toBe(a?.pid);
    expect((await second!.client.listTools()).tools).toEqual((await first!.client.listTools()).tools);
  });

  it('bridges a 2026-07-28 stdio client too', async () => {
    const modern = await connectStdioCli(workspace.project, workspace.home, { modern: true });
    clients.push(modern);
    await waitFor(() => modern.stderr().includes('attached to the running gateway'), 'the attach line');
    const { body } = await callMeta<HealthBody>(modern.client, 'gateway.health');
    expect(body.servers.find((s) => s.name === 'everything')?.status).toBe('online');
  });

  it('keeps a --standalone stdio client to its own core', async () => {
    const own = await connectStdioCli(workspace.project, workspace.home, { args: ['--standalone'] });
    clients.push(own);
    expect(own.stderr()).not.toContain('attached');
    const { body } = await callMeta<HealthBody>(own.client, 'gateway.health');
    expect(body.servers.find((s) => s.name === 'everything')?.status).toBe('lazy');
  });

  it('removes instance.json on shutdown; the next stdio client runs in-process', async () => {
    for (const { client } of clients.splice(0)) await client.close();
    expect(await gateway.stop()).toBe(0);
    expect(() => statSync(instancePath(workspace.home))).toThrow();
    const alone = await connectStdioCli(workspace.project, workspace.home);
    clients.push(alone);
    // Its own core: the server the gateway had started is lazy here, not online.
    const { body, isError } = await callMeta<HealthBody>(alone.client, 'gateway.health');
    expect(isError).toBe(false);
    expect(body.servers.find((s) => s.name === 'everything')?.status).toBe('lazy');
    expect(alone.stderr()).not.toContain('attached');
  });
});
