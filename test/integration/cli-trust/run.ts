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

export function gatehouse(workspace: Workspace, args: string[], options: { cwd?: string; input?: string } = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    cwd: options.cwd ?? workspace.project,
    env: cliEnv(workspace),
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
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
