// Spawns a stdio server safely and stops it completely: an argv array (never a shell), an explicit
// environment, its own process group (so `npx`/`uv run` grandchildren die with it), stderr always drained.
// Its whole tree is tracked beyond the group (process-tree.ts): its own cgroup v2 where the machine lets
// us, else a token in its environment and recorded parent links, so a grandchild that called setsid()
// dies with it too. A confined server (confinement/launch.ts) is spawned as bubblewrap running it: the
// tree is bubblewrap's, found the same three ways (the host's /proc shows the sandbox's processes by their
// host pids), and its PID namespace dies with its first process, taking every process inside with it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { createChildCgroup, moveIntoCgroup, removeCgroup } from './child-cgroup';
import type { ConfinementView } from '../common/confinement/view';
import type { LogRing } from './log-ring';
import { readStat } from './proc-table';
import { CHILD_TOKEN_VAR, ChildTree, newChildToken, type TreeMember } from './process-tree';

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
  /** The child's whole tree (null only if the spawn produced no pid). */
  tree: ChildTree | null;
  /** Resolves once killServerTree has stopped the whole tree (grandchildren included). */
  stopped: Promise<void>;
  /** The server's own argv as configured (without the bubblewrap in front of a confined one). */
  argv: readonly string[];
  /** How it was confined (null when the caller said nothing: a spawn outside the supervisor). */
  confinement: ConfinementView | null;
}

export interface SpawnOptions {
  /** Put the tree in its own cgroup v2 where the machine lets us (default true). */
  cgroup?: boolean;
  /** The server's argv as configured, when `spec` wraps it (default: the spec's own). */
  argv?: readonly string[];
  confinement?: ConfinementView;
}

const stopping = new WeakMap<SpawnedServer, Promise<void>>();
const markStopped = new WeakMap<SpawnedServer, () => void>();

export async function spawnServer(spec: SpawnSpec, stderr: LogRing, options: SpawnOptions = {}): Promise<SpawnedServer> {
  const token = newChildToken();
  const cgroup = options.cgroup !== false && process.platform === 'linux' ? createChildCgroup(token) : null;
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    // Set last: a configured value of the same name cannot unmark the tree.
    env: { ...spec.env, [CHILD_TOKEN_VAR]: token },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  // Into its cgroup at once, before it can fork much: anything it forked first still carries the token.
  const inCgroup = cgroup !== null && child.pid !== undefined && moveIntoCgroup(cgroup, child.pid);
  if (cgroup && !inCgroup) removeCgroup(cgroup);
  const tree = child.pid === undefined ? null : new ChildTree(child.pid, { token, cgroup: inCgroup ? cgroup : null });
  // Without a cgroup, parent links are what finds a descendant that left both the group and the token.
  if (tree && !inCgroup) tree.watch();
  // An unread stderr pipe fills and blocks the child (SDK pitfall #1): always read it.
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => stderr.push(chunk));
  const confined = options.confinement?.state === 'confined';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve(confined ? serverExit(code, signal) : { code, signal }));
  });
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  // 'spawn' or 'error' comes first: a missing command or a bad cwd fails here, not as a hung handshake.
  try {
    await Promise.race([
      once(child, 'spawn'),
      once(child, 'error').then(([error]) => {
        throw error;
      }),
    ]);
  } catch (error) {
    tree?.release();
    throw error;
  }
  const argv = options.argv ?? [spec.command, ...spec.args];
  const server: SpawnedServer = { child, stderr, exited, tree, stopped, argv, confinement: options.confinement ?? null };
  markStopped.set(server, resolveStopped);
  return server;
}

/**
 * The server's own exit, seen through bubblewrap: its init (pid 1 of the server's PID namespace) exits
 * with 128 + N when the server was killed by signal N, so a stopped server would read "exit code 143"
 * instead of "signal SIGTERM". A server that itself exits with 129..192 reads as that signal too: the
 * two cannot be told apart from outside, and a signal is by far the likelier.
 */
export function serverExit(code: number | null, signal: NodeJS.Signals | null): { code: number | null; signal: NodeJS.Signals | null } {
  if (signal !== null || code === null || code <= 128) return { code, signal };
  const name = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0] as NodeJS.Signals | undefined;
  return name ? { code: null, signal: name } : { code, signal };
}

/** bubblewrap itself: the process spawned, and its child, the init of the server's PID namespace. */
function wrapperPids(rootPid: number, members: readonly TreeMember[]): Set<number> {
  const wrappers = new Set([rootPid]);
  for (const member of members) if (readStat(member.pid)?.ppid === rootPid) wrappers.add(member.pid);
  return wrappers;
}

async function waitUntil(gone: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (gone()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return gone();
}

/**
 * SIGTERM to the whole tree (the process group and every member found beyond it), a grace period,
 * SIGKILL to the tree, then a final sweep: whatever still belongs to the tree (forked during the stop,
 * or only now without a parent) is killed too. Safe to call more than once: later calls share the first.
 */
export function killServerTree(server: SpawnedServer, graceMs = 5000, killWaitMs = 3000): Promise<void> {
  let stop = stopping.get(server);
  if (!stop) {
    stop = stopTree(server, graceMs, killWaitMs).finally(() => markStopped.get(server)?.());
    stopping.set(server, stop);
  }
  return stop;
}

async function stopTree(server: SpawnedServer, graceMs: number, killWaitMs: number): Promise<void> {
  server.child.stdin.end();
  const tree = server.tree;
  if (!tree) return;
  if (process.platform === 'win32') {
    server.child.kill();
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, graceMs))]);
    tree.release();
    return;
  }
  tree.unwatch();
  // Read while the parents still live: their links lead to descendants that left group and token.
  let members: TreeMember[] = tree.members();
  if (server.confinement?.state === 'confined') {
    // bubblewrap dies at once on SIGTERM and its PID namespace takes everything inside with it, before
    // any of it could shut down cleanly: the grace signal goes past it, to what runs inside; bubblewrap
    // exits when they have.
    const wrappers = wrapperPids(tree.rootPid, members);
    tree.signal(members.filter((m) => !wrappers.has(m.pid)), 'SIGTERM', { group: false });
  } else tree.signal(members, 'SIGTERM');
  if (!(await waitUntil(() => !tree.alive(members), graceMs))) {
    tree.signal(members, 'SIGKILL');
    await waitUntil(() => !tree.alive(members), killWaitMs);
  }
  members = tree.members();
  if (members.length || tree.alive([])) {
    tree.signal(members, 'SIGKILL');
    await waitUntil(() => !tree.alive(members), killWaitMs);
  }
  // The tree counts a zombie as gone; the direct child is ours to reap, and "stopped" should mean reaped
  // (a busy machine can otherwise leave the group's leader a zombie a moment after this resolves).
  await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, killWaitMs).unref())]);
  tree.release();
}
