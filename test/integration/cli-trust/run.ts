// Runs the built `gatehouse trust …` as a real child process in a workspace's own HOME and state folder,
// with stdin a pipe (not a terminal) unless a test runs it on a pseudo-terminal.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_ENTRY, type Workspace } from '../../helpers/workspace';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cliEnv(workspace: Workspace): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home, XDG_STATE_HOME: join(workspace.home, '.local', 'state'), TERM: 'dumb' };
}

export function gatehouse(workspace: Workspace, args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    cwd: options.cwd ?? workspace.project,
    env: { ...cliEnv(workspace), ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The same, without blocking this process: needed when the child talks to a server this test process
 * runs (a loopback registry), which spawnSync would starve.
 */
export function gatehouseAsync(workspace: Workspace, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], { cwd: workspace.project, env: { ...cliEnv(workspace), ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end();
  });
}

/** The parsed stdout of a `--json` run. */
export function json<T = Record<string, unknown>>(run: CliRun): T {
  return JSON.parse(run.stdout) as T;
}

/** trust.json as the CLI left it (empty when it was never written). */
export function trustJson(workspace: Workspace): { files?: Record<string, { sha256: string; approved_at: string }>; packages?: Record<string, unknown> } {
  try {
    return JSON.parse(readFileSync(join(workspace.stateDir, 'trust.json'), 'utf8')) as ReturnType<typeof trustJson>;
  } catch {
    return {};
  }
}

/**
 * Runs the command on a real pseudo-terminal (util-linux `script`), answers `answer` once the question
 * shows (after beforeAnswer, which may change files while the question waits), and returns everything
 * the terminal displayed.
 */
export function onTerminal(workspace: Workspace, args: string[], answer: string, beforeAnswer?: () => void): Promise<{ code: number; screen: string }> {
  const command = [process.execPath, CLI_ENTRY, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { cwd: workspace.project, env: cliEnv(workspace), stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let answered = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      screen += chunk;
      if (!answered && screen.includes('[y/N] ')) {
        answered = true;
        beforeAnswer?.();
        child.stdin.write(answer);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, screen }));
  });
}
