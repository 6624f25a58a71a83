// Temp project/home folders plus a real Supervisor behind a GatewayContext, for running the config
// meta-tools directly. Definitions come from the real config readers, as the core hands them over.
import { testGatewayContext } from '../../helpers/gateway-context';
import { approveFile } from '../../../src/main/trust/store';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { mergeSources, readAllSources, type ConfigLocations } from '../../../src/main/config/load';
import type { ConfigToolsContext } from '../../../src/main/config/startup-policy-types';
import type { CallContext, GatewayContext, MetaTool } from '../../../src/main/gateway/meta-tool';
import { createConfigTools } from '../../../src/main/gateway/tools/startup-policy';
import { Supervisor } from '../../../src/main/supervisor/supervisor';

export interface ConfigToolsFixture {
  root: string;
  projectFile: string;
  userFile: string;
  claudeFile: string;
  locations: ConfigLocations;
  write(path: string, value: unknown): void;
  /** Re-reads the files into the supervisor, as gateway.refresh would. */
  reload(): Promise<void>;
  call(name: string, args?: Record<string, unknown>): Promise<{ body: Record<string, unknown>; isError: boolean }>;
  gateway: GatewayContext;
  close(): Promise<void>;
}

const noCall: CallContext = { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined };

export function bodyOf(result: CallToolResult): Record<string, unknown> {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('a meta-tool answers with one text block');
  return JSON.parse(first.text) as Record<string, unknown>;
}

export async function createConfigToolsFixture(options: { knownNames?: string[]; configPath?: string | null } = {}): Promise<ConfigToolsFixture> {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-config-tools-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(project);
  const locations: ConfigLocations = { projectRoot: project, homeDir: home, configPath: options.configPath ?? null, stateDir: join(root, 'state') };
  const supervisor = new Supervisor({ gatewayEnv: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '' }, stateDir: join(root, 'state'), log: () => undefined, onSnapshot: () => undefined });
  const gateway: GatewayContext = testGatewayContext(supervisor, {
    session: { sessionId: 'config-tools-test', operator: true },
    configIssues: () => mergeSources(readAllSources(locations)).issues,
    reload: async () => {
      const result = await supervisor.apply(mergeSources(readAllSources(locations)).servers);
      return { revisionId: 'rev-test', ...result };
    },
  });
  const ctx: ConfigToolsContext = {
    locations,
    readouts: () => readAllSources(locations),
    knownServerNames: () => options.knownNames ?? [],
  };
  const tools = new Map<string, MetaTool>(createConfigTools(ctx).map((tool) => [tool.name, tool]));
  return {
    root,
    projectFile: join(project, '.mcp.json'),
    userFile: join(home, '.mcp.json'),
    claudeFile: join(home, '.claude', '.mcp.json'),
    locations,
    gateway,
    write(path, value) {
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      writeFileSync(path, text);
      // The operator approved the project file (trust has its own tests).
      if (path === join(project, '.mcp.json')) approveFile(locations.stateDir, path, text);
    },
    async reload() {
      await gateway.reload();
    },
    async call(name, args = {}) {
      const tool = tools.get(name);
      if (!tool) throw new Error(`no tool ${name}`);
      // Validate as the MCP server does, so defaults apply exactly as on the wire.
      const result = await tool.run(tool.input.parse(args), gateway, noCall);
      return { body: bodyOf(result), isError: result.isError === true };
    },
    async close() {
      await supervisor.stopAll();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
