// Starts the built `gatehouse serve` as a real child process: over HTTP (waits for its URL) or over stdio
// with a real SDK client in front of it.
import type { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_ENTRY } from './workspace';

export interface RunningGateway {
  url: URL;
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  stop(): Promise<number | null>;
}

export function requireBuild(): void {
  if (!existsSync(CLI_ENTRY)) throw new Error(`${CLI_ENTRY} is missing: run "npm run build" first`);
}

export async function startHttpCli(options: { project: string; home: string; extraArgs?: string[]; env?: NodeJS.ProcessEnv }): Promise<RunningGateway> {
  requireBuild();
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0', '--project', options.project, ...(options.extraArgs ?? [])], {
    // The workspace's own state folder: its trust.json approves the workspace's project config.
    env: { ...process.env, HOME: options.home, XDG_STATE_HOME: join(options.home, '.local', 'state'), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return runningGateway(child);
}

/** Keeps the child's stderr (the last `keep` characters) readable while it runs. */
export function collectStderr(child: { stderr: NodeJS.ReadableStream | null }, keep = 200_000): () => string {
  let text = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-keep);
  });
  return () => text;
}

/** The URL a `serve --transport http` child announces on stderr ("serving MCP at URL"). */
export function servingUrl(child: ChildProcess, stderr: () => string, timeoutMs = 20_000): Promise<URL> {
  return new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not announce its URL; stderr:\n${stderr()}`)), timeoutMs);
    const check = () => {
      const match = /serving MCP at (\S+)/.exec(stderr());
      if (match?.[1]) {
        clearTimeout(timer);
        child.stderr?.off('data', check);
        resolve(new URL(match[1]));
      }
    };
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code} before serving; stderr:\n${stderr()}`));
    });
  });
}

/** A started `serve --transport http` child, once it serves: its URL, stderr and a stop that returns the exit code. */
export async function runningGateway(child: ChildProcessWithoutNullStreams): Promise<RunningGateway> {
  const stderr = collectStderr(child);
  const url = await servingUrl(child, stderr);
  return {
    url,
    child,
    stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Connects `client` to `gatehouse serve --transport stdio` for `project`; `nodeArgs` go before the CLI
 * (a preload, a profiler). Its stderr is read all along (an unread pipe slows close()); the last 20,000
 * characters are returned for a failure's message.
 */
export async function connectStdioCli(client: Client, options: { project: string; env: NodeJS.ProcessEnv; nodeArgs?: string[] }): Promise<{ stderr: () => string }> {
  requireBuild();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), CLI_ENTRY, 'serve', '--transport', 'stdio', '--project', options.project],
    env: options.env as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  await client.connect(transport, { timeout: 20_000 });
  return { stderr: () => stderr };
}
