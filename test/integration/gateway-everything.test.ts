// The walking skeleton end to end: a real MCP client talks to the built `gatehouse` CLI over stdio and
// over HTTP; Gatehouse starts server-everything lazily as a real child and relays `echo`.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpCli, requireBuild, type RunningGateway } from '../helpers/cli-process';
import { processAlive, waitFor } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { CORE_PROFILE_TOOLS } from './contract/helpers/contract';
import { CLI_ENTRY, createWorkspace, everythingServer, type Workspace } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

interface InvokeBody {
  tool_id: string;
  ok: boolean;
  truncated: boolean;
  errors: ErrorEntry[];
  result?: { content: { type: string; text?: string }[] };
}

function sharedChecks(getClient: () => Client) {
  it('lists exactly the core profile\'s meta-tools by default, sorted', async () => {
    const { tools } = await getClient().listTools();
    // The default core profile; all 26 of the contract's are listed under the full one (contract tests).
    expect(tools.map((t) => t.name)).toEqual(CORE_PROFILE_TOOLS);
  });

  it('invokes everything::echo through a lazily started child', async () => {
    const { body, isError } = await callMeta<InvokeBody>(getClient(), 'gateway.invoke', {
      tool_id: 'everything::echo',
      arguments: { message: 'hi' },
    });
    expect(isError).toBe(false);
    expect(body.ok).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.result?.content[0]?.text).toBe('Echo: hi');
  });

  it('shows the started server online in gateway.health with a pid and tools', async () => {
    const { body } = await callMeta<{ servers: { name: string; status: string; pid: number; tool_count: number }[] }>(getClient(), 'gateway.health');
    const row = body.servers.find((s) => s.name === 'everything');
    expect(row?.status).toBe('online');
    expect(row?.pid).toBeGreaterThan(0);
    expect(row?.tool_count).toBeGreaterThanOrEqual(13);
  });

  it('finds echo with catalog_search once the server is online', async () => {
    const { body } = await callMeta<{ results: { tool_id: string }[]; total_available: number }>(getClient(), 'gateway.catalog_search', { query: 'echo' });
    expect(body.results[0]?.tool_id).toBe('everything::echo');
    expect(body.total_available).toBeGreaterThanOrEqual(13);
  });

  it('rejects arguments that break the tool schema before calling it (E304)', async () => {
    const { body, isError } = await callMeta<InvokeBody>(getClient(), 'gateway.invoke', { tool_id: 'everything::echo', arguments: { message: 5 } });
    expect(isError).toBe(true);
    expect(body.ok).toBe(false);
    const error = body.errors[0] as ErrorEntry;
    expect(error.code).toBe('E304');
    expect(error.message).toContain('/message: must be string');
  });

  it('answers an unknown meta-tool with the contract literal', async () => {
    const result = await getClient().callTool({ name: 'gateway.nope', arguments: {} });
    expect(result.isError).toBe(true);
    const first = result.content[0];
    expect(first?.type === 'text' && JSON.parse(first.text)).toMatchObject({ error: true, code: 'E301', message: 'Unknown tool: gateway.nope' });
  });
}

describe('gatehouse serve --transport stdio', () => {
  let workspace: Workspace;
  let client: Client;
  beforeAll(async () => {
    requireBuild();
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI_ENTRY, 'serve', '--transport', 'stdio', '--project', workspace.project],
        env: { HOME: workspace.home, PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '' },
        stderr: 'ignore',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    workspace?.cleanup();
  });
  sharedChecks(() => client);

  it('stops its children when the client closes the pipe', async () => {
    const { body } = await callMeta<{ servers: { name: string; pid: number }[] }>(client, 'gateway.health');
    const pid = body.servers.find((s) => s.name === 'everything')?.pid;
    expect(pid).toBeGreaterThan(0);
    await client.close();
    await waitFor(() => !processAlive(pid!), 'server-everything to exit');
  });
});

describe('gatehouse serve --transport http', () => {
  let workspace: Workspace;
  let gateway: RunningGateway;
  let client: Client;
  beforeAll(async () => {
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
    gateway = await startHttpCli({ project: workspace.project, home: workspace.home });
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(gateway.url));
  });
  afterAll(async () => {
    await client?.close();
    const code = await gateway?.stop();
    expect(code).toBe(0);
    workspace?.cleanup();
  });
  sharedChecks(() => client);

  it('serves /health without secrets and refuses a foreign Origin or Host', async () => {
    const health = await fetch(new URL('/health', gateway.url));
    expect(await health.json()).toEqual({ ok: true, version: expect.any(String), transport: 'http' });
    const foreignOrigin = await fetch(gateway.url, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
    expect(foreignOrigin.status).toBe(403);
    // fetch() may not set Host, so a DNS-rebinding request is made with node:http directly.
    const rebinding = await new Promise<number | undefined>((resolve, reject) => {
      request({ host: '127.0.0.1', port: gateway.url.port, path: '/health', headers: { host: `evil.example:${gateway.url.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject).end();
    });
    expect(rebinding).toBe(403);
  });
});
