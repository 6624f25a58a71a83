// One gateway under test per lane: the built CLI (`out/main/cli.js serve`) as a real child process, a real
// SDK client in front of it, and real downstream servers behind it. A lane is a transport toward the
// client (stdio or HTTP) and the protocol era the client speaks (the default 2025-11-25 handshake, or a
// client pinned to the 2026-07-28 stateless era).
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { collectStderr, requireBuild, servingUrl } from '../../../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, everythingServer, faultServer, REPO_ROOT, type Workspace } from '../../../helpers/workspace';

export type Era = '2025-11-25' | '2026-07-28';
export type Transport = 'stdio' | 'http';

export interface Lane {
  transport: Transport;
  era: Era;
  label: string;
}

export const LANES: Lane[] = (['stdio', 'http'] as const).flatMap((transport) =>
  (['2025-11-25', '2026-07-28'] as const).map((era) => ({ transport, era, label: `${transport} ${era}` })),
);

/** Built from test/fixtures/servers/corpus-server.ts by the integration globalSetup. */
export const CORPUS_SERVER = join(REPO_ROOT, 'out/fixtures/corpus-server.mjs');

export function corpusServer(set: 'corpus' | 'mirror' | 'kit') {
  return { command: process.execPath, args: [CORPUS_SERVER], env: { CORPUS_SET: set } };
}

export { everythingServer, faultServer };

export interface GatewaySetup {
  mcpServers: Record<string, unknown>;
  autoStart?: string[];
  /** Files to write under the temporary home, by path relative to it (guidance.yaml, policy.yaml, ...). */
  homeFiles?: Record<string, string>;
  /** Extra environment for the gateway process (on top of HOME, PATH and the no-network default). */
  env?: Record<string, string>;
  /** The project .mcp.json is approved by the operator (contract §4.5) unless this is false. */
  approved?: boolean;
}

/**
 * The gateway's environment: only HOME and PATH from the test process, so no GATEHOUSE_* setting, token
 * or XDG folder of the machine leaks in. The MCP Registry points at a loopback address Gatehouse refuses
 * without GATEHOUSE_REGISTRY_ALLOW_LOOPBACK, so no test ever reaches the internet.
 */
export function gatewayEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: home, PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', ...extra };
}

interface HttpChild {
  url: URL;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** `serve --transport http --port 0` with an explicit environment; resolves once it announces its URL. */
async function startHttp(workspace: Workspace, env: Record<string, string>): Promise<HttpChild> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0', '--project', workspace.project], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = collectStderr(child, 20_000);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await servingUrl(child, stderr);
  return {
    url,
    stderr,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const bounded = new Promise<number | null>((resolve) => setTimeout(() => resolve(-1), 15_000));
      return Promise.race([exited, bounded]);
    },
  };
}

export interface Gateway {
  lane: Lane;
  client: Client;
  workspace: Workspace;
  /** The /mcp URL of an HTTP gateway (null on stdio), for a second client. */
  url: URL | null;
  /** A tools/call with a bounded timeout; the raw CallToolResult. */
  call(name: string, args?: Record<string, unknown>, options?: { timeout?: number }): Promise<CallToolResult>;
  stderr(): string;
  close(): Promise<void>;
}

const CALL_TIMEOUT_MS = 30_000;

export function newClient(era: Era): Client {
  const info = { name: 'gatehouse-contract-test', version: '1.0.0' };
  return era === '2026-07-28' ? new Client(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } }) : new Client(info);
}

export async function openGateway(lane: Lane, setup: GatewaySetup): Promise<Gateway> {
  requireBuild();
  const workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: setup.mcpServers, ...(setup.autoStart ? { autoStart: setup.autoStart } : {}) }, undefined, { approve: setup.approved !== false });
  for (const [relative, content] of Object.entries(setup.homeFiles ?? {})) {
    const file = join(workspace.home, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  const client = newClient(lane.era);
  const env = gatewayEnv(workspace.home, setup.env);
  let http: HttpChild | null = null;
  let stderr = '';
  try {
    if (lane.transport === 'http') {
      http = await startHttp(workspace, env);
      await client.connect(new StreamableHTTPClientTransport(http.url), { timeout: 20_000 });
    } else {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI_ENTRY, 'serve', '--transport', 'stdio', '--project', workspace.project],
        env,
        stderr: 'pipe',
      });
      // Read stderr all along: an unread pipe slows close() and hides why a start failed.
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
      });
      await client.connect(transport, { timeout: 20_000 });
    }
  } catch (error) {
    await http?.stop();
    workspace.cleanup();
    throw error;
  }
  return {
    lane,
    client,
    workspace,
    url: http?.url ?? null,
    call: (name, args = {}, options = {}) =>
      client.callTool({ name, arguments: args }, { timeout: options.timeout ?? CALL_TIMEOUT_MS }) as Promise<CallToolResult>,
    stderr: () => (http ? http.stderr() : stderr),
    async close() {
      await client.close().catch(() => undefined);
      const code = await http?.stop();
      workspace.cleanup();
      if (http && code !== 0) throw new Error(`gateway exited with ${code}; stderr:\n${http.stderr()}`);
    },
  };
}

export { processAlive, waitFor } from '../../../helpers/wait';
