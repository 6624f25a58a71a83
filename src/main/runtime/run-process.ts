// Runs a short-lived helper (uv, pip) with an argv array and no shell, collecting its output.
// ETXTBSY (a just-written binary, such as a test's fake uv) is retried 20 times, 5 ms apart, as
// processkit does. A runaway child is killed with its whole process group.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunResult {
  /** Exit code, or null when killed by a signal or never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  /** The spawn error (ENOENT, EACCES, …) when the program could not be started. */
  spawnError: NodeJS.ErrnoException | null;
  timedOut: boolean;
  durationMs: number;
}

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
}

const OUTPUT_CAP = 1024 * 1024;
const ETXTBSY_RETRIES = 20;
const ETXTBSY_DELAY_MS = 5;

export async function runProcess(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  for (let attempt = 0; ; attempt++) {
    const result = await runOnce(command, args, options);
    if (result.spawnError?.code !== 'ETXTBSY' || attempt >= ETXTBSY_RETRIES) return result;
    await new Promise((resolve) => setTimeout(resolve, ETXTBSY_DELAY_MS));
  }
}

function runOnce(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let outSize = 0;
  let errSize = 0;
  return new Promise((resolve) => {
    const finish = (partial: Pick<RunResult, 'code' | 'signal' | 'spawnError'>, timedOut: boolean) =>
      resolve({ ...partial, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), timedOut, durationMs: Date.now() - started });
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
    } catch (error) {
      finish({ code: null, signal: null, spawnError: error as NodeJS.ErrnoException }, false);
      return;
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    // Both pipes are always drained: an unread pipe blocks the child.
    child.stdout?.on('data', (chunk: Buffer) => {
      outSize += chunk.length;
      if (outSize <= OUTPUT_CAP) stdout.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errSize += chunk.length;
      if (errSize <= OUTPUT_CAP) stderr.push(chunk);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      finish({ code: null, signal: null, spawnError: error }, false);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      finish({ code, signal, spawnError: null }, timedOut);
    });
  });
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // already gone
  }
}
