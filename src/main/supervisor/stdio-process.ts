// Spawns a stdio server safely and stops it completely: an argv array (never a shell), an explicit
// environment, its own process group (so `npx`/`uv run` grandchildren die with it), stderr always drained.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { LogRing } from './log-ring';

export interface SpawnSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface SpawnedServer {
  child: ChildProcessWithoutNullStreams;
  stderr: LogRing;
  /** Resolves with the exit code and signal once the direct child has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnServer(spec: SpawnSpec, stderr: LogRing): Promise<SpawnedServer> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  // An unread stderr pipe fills and blocks the child (SDK pitfall #1): always read it.
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  // 'spawn' or 'error' comes first: a missing command or a bad cwd fails here, not as a hung handshake.
  await Promise.race([
    once(child, 'spawn'),
    once(child, 'error').then(([error]) => {
      throw error;
    }),
  ]);
  return { child, stderr, exited };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForGroupExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!groupAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !groupAlive(pid);
}

/** SIGTERM to the whole group, a grace period, then SIGKILL to the group. */
export async function killServerTree(server: SpawnedServer, graceMs = 5000, killWaitMs = 3000): Promise<void> {
  const pid = server.child.pid;
  server.child.stdin.end();
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    server.child.kill();
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, graceMs))]);
    return;
  }
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return; // the group is already gone
  }
  if (await waitForGroupExit(pid, graceMs)) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitForGroupExit(pid, killWaitMs);
}
