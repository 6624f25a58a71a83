// The built CLI as real processes for the attach tests, with an explicit environment so the state dir
// (instance.json) is the test's own and never the user's.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runningGateway, type RunningGateway } from '../../helpers/cli-process';
import { CLI_ENTRY } from '../../helpers/workspace';

export function cliEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: home, XDG_STATE_HOME: join(home, '.local', 'state'), ...extra };
}

export function instancePath(home: string): string {
  return join(home, '.local', 'state', 'gatehouse', 'instance.json');
}

export type HttpCli = RunningGateway;

export async function startHttpGatewayCli(cwd: string, home: string, args: string[] = [], env: Record<string, string> = {}): Promise<HttpCli> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0', ...args], { cwd, env: cliEnv(home, env), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  return runningGateway(child);
}

export interface StdioCli {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
}

/** A real SDK client over stdio to `gatehouse serve --transport stdio` (which may attach). */
export async function connectStdioCli(cwd: string, home: string, options: { modern?: boolean; args?: string[]; env?: Record<string, string> } = {}): Promise<StdioCli> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_ENTRY, 'serve', '--transport', 'stdio', ...(options.args ?? [])],
    cwd,
    env: cliEnv(home, options.env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' }, options.modern ? { versionNegotiation: { mode: 'auto' } } : undefined);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}
