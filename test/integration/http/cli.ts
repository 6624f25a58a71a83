// The built CLI as real processes for the attach tests, with an explicit environment so the state dir
// (instance.json) is the test's own and never the user's.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_ENTRY } from '../../helpers/workspace';

export function cliEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: home, XDG_STATE_HOME: join(home, '.local', 'state'), ...extra };
}

export function instancePath(home: string): string {
  return join(home, '.local', 'state', 'gatehouse', 'instance.json');
}

export interface HttpCli {
  url: URL;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  stop(): Promise<number | null>;
}

export async function startHttpGatewayCli(cwd: string, home: string, args: string[] = [], env: Record<string, string> = {}): Promise<HttpCli> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0', ...args], { cwd, env: cliEnv(home, env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stdout.resume();
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL announced; stderr:\n${stderr}`)), 20_000);
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /serving MCP at (\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(new URL(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before serving; stderr:\n${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export interface StdioCli {
  client: Client;
  transport: StdioClientTransport;
  stderr(): string;
}

/** A real SDK client over stdio to `gatehouse serve --transport stdio` (which may attach). */
export async function connectStdioCli(cwd: string, home: string, options: { modern?: boolean; args?: string[] } = {}): Promise<StdioCli> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_ENTRY, 'serve', '--transport', 'stdio', ...(options.args ?? [])],
    cwd,
    env: cliEnv(home),
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
