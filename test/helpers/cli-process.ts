// Starts the built `gatehouse serve --transport http` as a real child process and waits for its URL.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
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
    env: { ...process.env, HOME: options.home, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not announce its URL; stderr:\n${stderr}`)), 20_000);
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
      reject(new Error(`gateway exited with ${code} before serving; stderr:\n${stderr}`));
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
