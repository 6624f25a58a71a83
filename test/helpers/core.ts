// A real core in this process, with real SDK clients wired to its MCP face through in-memory pairs.
// Each client is its own session (its own pending calls), as separate MCP clients would be.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import type { HealthSnapshot } from '../../src/shared/domain';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse, GatehouseOptions } from '../../src/main/core/types';
import type { SessionIdentity } from '../../src/main/gateway/meta-tool';
import { afterAll, beforeAll } from 'vitest';
import { createWorkspace, type Workspace } from './workspace';

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
  options: Pick<GatehouseOptions, 'restartPolicy' | 'requestCeilingMs' | 'openUrl'> = {},
): Promise<CoreUnderTest> {
  const logs: string[] = [];
  // catalog_search asks the MCP Registry: a refused loopback URL keeps tests offline unless one opts in.
  const offline = { GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', ...env };
  const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, env: offline, log: (line) => logs.push(line), ...options });
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

/**
 * One workspace and one core for a whole test file: created before its tests, closed and removed after.
 * Read `core` and `workspace` inside tests (they exist once the file's beforeAll has run).
 */
export function coreForFile(
  config: unknown,
  env: (workspace: Workspace) => NodeJS.ProcessEnv = () => process.env,
): { readonly core: CoreUnderTest; readonly workspace: Workspace } {
  let workspace: Workspace | undefined;
  let core: CoreUnderTest | undefined;
  beforeAll(async () => {
    workspace = createWorkspace();
    workspace.writeConfig(config);
    core = await startCore(workspace, env(workspace));
  });
  afterAll(async () => {
    await core?.close();
    workspace?.cleanup();
  });
  return {
    get core() {
      if (!core) throw new Error('the core starts in beforeAll; read it inside a test');
      return core;
    },
    get workspace() {
      if (!workspace) throw new Error('the workspace is created in beforeAll; read it inside a test');
      return workspace;
    },
  };
}

// Kept here too: most tests import them with the core helpers.
export { processAlive, waitFor } from './wait';
