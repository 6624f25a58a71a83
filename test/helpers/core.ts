// A real core in this process, with real SDK clients wired to its MCP face through in-memory pairs.
// Each client is its own session (its own pending calls), as separate MCP clients would be.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import type { HealthSnapshot } from '../../src/shared/domain';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse, GatehouseOptions } from '../../src/main/core/types';
import type { SessionIdentity } from '../../src/main/gateway/meta-tool';
import type { Workspace } from './workspace';

export interface CoreUnderTest {
  gatehouse: Gatehouse;
  client: Client;
  snapshots: HealthSnapshot[];
  logs: string[];
  /** Another client: a new session, or the operator's view when `session.operator` is true. */
  connect(session?: SessionIdentity): Promise<Client>;
  close(): Promise<void>;
}

export async function startCore(
  workspace: Workspace,
  env: NodeJS.ProcessEnv = process.env,
  options: Pick<GatehouseOptions, 'restartPolicy' | 'requestCeilingMs'> = {},
): Promise<CoreUnderTest> {
  const logs: string[] = [];
  const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, env, log: (line) => logs.push(line), ...options });
  const snapshots: HealthSnapshot[] = [];
  gatehouse.events.on('healthChanged', (snapshot) => snapshots.push(snapshot));
  await gatehouse.start();
  const opened: { client: Client; server: Server }[] = [];
  const connect = async (session?: SessionIdentity) => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = gatehouse.createMcpServer('in-process', session);
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    opened.push({ client, server });
    return client;
  };
  const client = await connect();
  return {
    gatehouse,
    client,
    snapshots,
    logs,
    connect,
    async close() {
      for (const { client: c, server } of opened) {
        await c.close();
        await server.close();
      }
      await gatehouse.stop();
    },
  };
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
