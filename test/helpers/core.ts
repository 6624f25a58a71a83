// A real core in this process, with a real SDK client wired to its MCP face through an in-memory pair.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { HealthSnapshot } from '../../src/shared/domain';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import type { Workspace } from './workspace';

export interface CoreUnderTest {
  gatehouse: Gatehouse;
  client: Client;
  snapshots: HealthSnapshot[];
  logs: string[];
  close(): Promise<void>;
}

export async function startCore(workspace: Workspace, env: NodeJS.ProcessEnv = process.env): Promise<CoreUnderTest> {
  const logs: string[] = [];
  const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, env, log: (line) => logs.push(line) });
  const snapshots: HealthSnapshot[] = [];
  gatehouse.events.on('healthChanged', (snapshot) => snapshots.push(snapshot));
  await gatehouse.start();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = gatehouse.createMcpServer('in-process');
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    gatehouse,
    client,
    snapshots,
    logs,
    async close() {
      await client.close();
      await server.close();
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
