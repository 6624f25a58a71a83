// A real core for the panel-view tests: server-everything and the fault fixture over stdio, one that
// crashes at start, offline registry, its own home (client configs land there), and an MCP client
// session of its own to make calls the panel can see and cancel.
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createGatehouse } from '../../../src/main/core/gatehouse';
import type { Gatehouse } from '../../../src/main/core/types';
import type { SecretStore } from '../../../src/main/secrets/store';
import { createWorkspace, everythingServer, faultServer, type Workspace } from '../../helpers/workspace';

export interface ViewsCore {
  workspace: Workspace;
  gatehouse: Gatehouse;
  /** A client session named `client` that makes calls the panel shows under its name. */
  connectClient(name: string): Promise<Client>;
  close(): Promise<void>;
}

export async function startViewsCore(
  options: { env?: NodeJS.ProcessEnv; secretStore?: SecretStore | null; servers?: Record<string, unknown> } = {},
): Promise<ViewsCore> {
  const workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      everything: everythingServer(),
      fault: faultServer(),
      crashy: faultServer({ FAULT_CRASH_AT_START: '1' }),
      ...options.servers,
    },
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Offline: catalog_search would ask the MCP Registry; a refused loopback port answers at once.
    GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9',
    // Client config files resolve under the workspace's home, never the operator's.
    XDG_CONFIG_HOME: join(workspace.home, '.config'),
    ...options.env,
  };
  const gatehouse = createGatehouse({
    projectDir: workspace.project,
    cwd: workspace.project,
    homeDir: workspace.home,
    stateDir: workspace.stateDir,
    cacheDir: workspace.cacheDir,
    env,
    log: () => undefined,
    ...(options.secretStore === undefined ? {} : { secretStore: options.secretStore }),
  });
  await gatehouse.start();
  const clients: Client[] = [];
  return {
    workspace,
    gatehouse,
    async connectClient(name) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await gatehouse.createMcpServer('in-process').connect(serverSide);
      const client = new Client({ name, version: '1.0.0' });
      await client.connect(clientSide);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close().catch(() => undefined);
      await gatehouse.stop();
      workspace.cleanup();
    },
  };
}
