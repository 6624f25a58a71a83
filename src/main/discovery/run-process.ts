// Runs an install or version lookup: argv only (never a shell), its own process group so the whole
// tree dies on timeout, the same allowlisted environment servers get, and a bounded, redacted output
// tail. Silence longer than idleTimeoutMs kills the group (contract: 120 s for installs).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { buildChildEnv } from '../common/child-env';

export interface RunOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  idleTimeoutMs: number;
  /** Applied to every line before it is kept: outputs may echo tokens. */
  redact: (line: string) => string;
  onLine?: (line: string) => void;
  tailLines?: number;
}

export interface RunOutcome {
  kind: 'exit' | 'timeout' | 'spawn_error' | 'cancelled';
  code: number | null;
  signal: NodeJS.Signals | null;
  tail: string[];
  stdout: string;
  error: string | null;
}

export interface RunningProcess {
  pid: number | null;
  done: Promise<RunOutcome>;
  cancel(): void;
}

/** Package-manager settings an install may need (a private registry, a cache folder) pass through by name. */
function toolEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.keys(env).filter((n) => /^(npm_config_|UV_|PIP_INDEX_URL$|PIP_EXTRA_INDEX_URL$)/i.test(n));
  return Object.fromEntries(names.map((n) => [n, `\${${n}}`]));
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // already gone
  }
}

export function runProcess(options: RunOptions): RunningProcess {
  const { env } = buildChildEnv(options.env, toolEnv(options.env));
  const tailSize = options.tailLines ?? 5;
  const tail: string[] = [];
  let stdout = '';
  let ending: RunOutcome['kind'] | null = null;
  // The working folder is Gatehouse's own (the cache folder): created if needed, never the caller's cwd.
  mkdirSync(options.cwd, { recursive: true, mode: 0o700 });
  const child = spawn(options.command, options.args, { cwd: options.cwd, env, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'], shell: false });
  let idle: NodeJS.Timeout | undefined;
  const stop = (kind: 'timeout' | 'cancelled') => {
    ending ??= kind;
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), 2000).unref();
  };
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop('timeout'), options.idleTimeoutMs);
  };
  arm();
  let partial = { out: '', err: '' };
  const take = (stream: 'out' | 'err') => (chunk: Buffer) => {
    arm();
    const text = chunk.toString('utf8');
    if (stream === 'out' && stdout.length < 65_536) stdout += text;
    const lines = (partial[stream] + text).split(/\r?\n/);
    partial = { ...partial, [stream]: lines.pop() ?? '' };
    for (const raw of lines) {
      if (!raw.trim()) continue;
      const line = options.redact(raw).slice(0, 400);
      tail.push(line);
      if (tail.length > tailSize) tail.shift();
      options.onLine?.(line);
    }
  };
  child.stdout.on('data', take('out'));
  child.stderr.on('data', take('err'));
  const done = new Promise<RunOutcome>((resolve) => {
    child.once('error', (error) => {
      clearTimeout(idle);
      resolve({ kind: 'spawn_error', code: null, signal: null, tail, stdout, error: error.message });
    });
    child.once('close', (code, signal) => {
      clearTimeout(idle);
      for (const rest of [partial.out, partial.err]) if (rest.trim()) tail.push(options.redact(rest).slice(0, 400));
      while (tail.length > tailSize) tail.shift();
      resolve({ kind: ending ?? 'exit', code, signal, tail, stdout, error: null });
    });
  });
  return { pid: child.pid ?? null, done, cancel: () => stop('cancelled') };
}
