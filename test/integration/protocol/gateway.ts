// One real core for a protocol test file, reachable three ways: an in-memory session (as an in-process
// client), and the real HTTP listener in the handshake era (2025-11-25 sessions) and the stateless era
// (2026-07-28). Each client is a real SDK client with the capabilities and handlers the test gives it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, InMemoryTransport, StreamableHTTPClientTransport, type ClientCapabilities } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { createGatehouse } from '../../../src/main/core/gatehouse';
import { coreServerFactory } from '../../../src/main/core/shared-gateway';
import type { Gatehouse } from '../../../src/main/core/types';
import { startHttpGateway, type HttpGateway } from '../../../src/main/http/listener';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { settings } from '../http/support';

export type Lane = 'memory' | 'http-handshake' | 'http-stateless';
export const LANES: Lane[] = ['memory', 'http-handshake', 'http-stateless'];

export interface ClientSetup {
  name?: string;
  capabilities?: ClientCapabilities;
  /** Registers request and notification handlers before the client connects. */
  handlers?: (client: Client) => void;
}

export interface ProtocolGateway {
  gatehouse: Gatehouse;
  workspace: Workspace;
  logs: string[];
  http: HttpGateway;
  connect(lane: Lane, setup?: ClientSetup): Promise<Client>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  /** policy.yaml text, passed as GATEHOUSE_POLICY. */
  policy?: string;
  env?: NodeJS.ProcessEnv;
}

export async function openProtocolGateway(config: unknown, options: GatewayOptions = {}): Promise<ProtocolGateway> {
  const workspace = createWorkspace();
  workspace.writeConfig(config);
  const env: NodeJS.ProcessEnv = { ...process.env, GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', ...options.env };
  if (options.policy !== undefined) {
    const policyPath = join(workspace.root, 'policy.yaml');
    writeFileSync(policyPath, options.policy);
    env.GATEHOUSE_POLICY = policyPath;
  }
  const logs: string[] = [];
  const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, env, log: (l) => logs.push(l) });
  await gatehouse.start();
  const core = coreServerFactory(gatehouse);
  const http = await startHttpGateway({ settings: settings(), ...core, log: (l) => logs.push(l) });
  const opened: { client: Client; server?: Server }[] = [];
  return {
    gatehouse,
    workspace,
    logs,
    http,
    async connect(lane, setup = {}) {
      const client = new Client(
        { name: setup.name ?? `protocol-test-${lane}`, version: '1.0.0' },
        { capabilities: setup.capabilities ?? {}, ...(lane === 'http-stateless' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }) },
      );
      setup.handlers?.(client);
      if (lane === 'memory') {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const server = gatehouse.createMcpServer('in-process');
        await server.connect(serverSide);
        await client.connect(clientSide);
        opened.push({ client, server });
      } else {
        await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
        opened.push({ client });
      }
      return client;
    },
    async close() {
      for (const { client, server } of opened) {
        await client.close().catch(() => undefined);
        await server?.close().catch(() => undefined);
      }
      await http.close();
      await gatehouse.stop();
      workspace.cleanup();
    },
  };
}
