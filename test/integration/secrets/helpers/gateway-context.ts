// A real supervisor behind a GatewayContext, for running a meta-tool that is not yet registered in the
// core's MCP server. Servers are defined directly, the way the config layer hands them over.
import { testGatewayContext } from '../../../helpers/gateway-context';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerDefinition } from '../../../../src/main/config/types';
import type { CallContext, GatewayContext } from '../../../../src/main/gateway/meta-tool';
import { Supervisor } from '../../../../src/main/supervisor/supervisor';

export const CANARY_SERVER = join(import.meta.dirname, '..', 'fixtures', 'canary-server.mjs');

export function canaryServer(name: string, env: Record<string, string>, cwd: string): ServerDefinition {
  return { name, source: 'project', sourcePath: null, startupPolicy: 'lazy', transport: 'stdio', command: process.execPath, args: [CANARY_SERVER], env, cwd };
}

export function remoteServer(name: string, headers: Record<string, string>): ServerDefinition {
  return { name, source: 'project', sourcePath: null, startupPolicy: 'lazy', transport: 'http', url: 'http://127.0.0.1:9/mcp', headers };
}

export async function gatewayWith(definitions: ServerDefinition[], stateDir: string, logs: string[] = []): Promise<{ gateway: GatewayContext; stop(): Promise<void> }> {
  mkdirSync(stateDir, { recursive: true });
  const supervisor = new Supervisor({ gatewayEnv: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '' }, stateDir, log: (line) => logs.push(line), onSnapshot: () => undefined });
  await supervisor.apply(new Map(definitions.map((d) => [d.name, d])));
  const gateway: GatewayContext = testGatewayContext(supervisor, { session: { sessionId: 'secrets-test', operator: true } });
  return {
    gateway,
    stop: async () => {
      await supervisor.stopAll();
    },
  };
}

export const noCall: CallContext = {
  signal: new AbortController().signal,
  progressToken: undefined,
  sendProgress: async () => undefined,
};
