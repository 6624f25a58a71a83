// What this machine looks like to the composer (argv.ts): the layout the environment describes, which
// of the paths it asks about exist (and where their links lead), the session bus's address, and the
// abstract Unix sockets of the host's network namespace (what network "full" leaves reachable).
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute } from 'node:path';
import { TRUST_VARIABLES } from '../child-env';
import { findExecutable } from '../find-executable';
import type { HostLayout, PathInfo, PathKind } from './argv';
import { runnerCaches } from './layout';
import type { Runner } from './profile';

export interface LayoutInput {
  /** The environment the server is given (HOME, PATH, XDG_*, UV_CACHE_DIR…). */
  childEnv: Readonly<Record<string, string>>;
  gatewayEnv: NodeJS.ProcessEnv;
  /** Gatehouse's folders as this gateway uses them (config, state, cache; options may move state and cache). */
  gatehouseDirs: string[];
  /** Other homes to hide (the config's home folder when it is not $HOME). */
  extraHomes?: string[];
  command: string;
  args: readonly string[];
  dataDir: string | null;
  runner: Runner | null;
}

const XDG_BASES = ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME'];

export function hostLayout(input: LayoutInput): HostLayout {
  const env = input.childEnv;
  const absolute = (value: string | undefined) => (value && isAbsolute(value) ? value : null);
  const home = absolute(env.HOME) ?? homedir();
  const homes = [absolute(input.gatewayEnv.HOME), homedir(), ...(input.extraHomes ?? [])].filter((h): h is string => h !== null && h !== home);
  const pathDirs = (env.PATH ?? '').split(delimiter).filter((dir) => isAbsolute(dir));
  const runtimeDir = absolute(env.XDG_RUNTIME_DIR) ?? absolute(input.gatewayEnv.XDG_RUNTIME_DIR);
  return {
    home,
    homes: [...new Set(homes)],
    xdgDirs: XDG_BASES.map((name) => absolute(env[name])).filter((dir): dir is string => dir !== null),
    dataHome: absolute(env.XDG_DATA_HOME) ?? `${home}/.local/share`,
    runtimeDir,
    gatehouseDirs: input.gatehouseDirs,
    sessionBusPath: sessionBus(input.gatewayEnv.DBUS_SESSION_BUS_ADDRESS, runtimeDir).path,
    pathDirs,
    command: isAbsolute(input.command) ? input.command : findExecutable(input.command, env.PATH),
    args: input.args,
    dataDir: input.dataDir,
    caches: runnerCaches(input.runner, home, env),
    // Certificates the machine trusts, as Gatehouse passes them on (not secrets; a flag is no path).
    trustPaths: TRUST_VARIABLES.map((name) => absolute(env[name])).filter((p): p is string => p !== null),
    interpreters: input.runner === 'uv' && absolute(env.UV_PYTHON) ? [env.UV_PYTHON as string] : [],
  };
}

/**
 * The session bus as a client would reach it: a socket path (`unix:path=`, or `$XDG_RUNTIME_DIR/bus`
 * when no address is set), or an abstract socket (`unix:abstract=`), which no mount can hide: only a
 * network namespace of its own keeps a server from it.
 */
export function sessionBus(address: string | undefined, runtimeDir: string | null): { path: string | null; abstract: string | null } {
  if (!address) return { path: runtimeDir ? `${runtimeDir}/bus` : null, abstract: null };
  let path: string | null = null;
  let abstract: string | null = null;
  for (const entry of address.split(';')) {
    const [transport, rest = ''] = entry.split(/:(.*)/s);
    if (transport !== 'unix') continue;
    for (const pair of rest.split(',')) {
      const [key, value] = pair.split(/=(.*)/s);
      if (!value) continue;
      const decoded = decodeURIComponent(value);
      if (key === 'path') path ??= decoded;
      if (key === 'abstract') abstract ??= decoded;
    }
  }
  return { path, abstract };
}

/** The abstract Unix sockets listening in this network namespace (`@name` in /proc/net/unix). */
export function abstractSockets(table: string = readProcNetUnix()): string[] {
  const names = new Set<string>();
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // Fields: Num RefCount Protocol Flags Type St Inode Path; flag 00010000 = listening.
    const path = fields[7];
    if (path?.startsWith('@') && fields[3] === '00010000') names.add(path);
  }
  return [...names];
}

function readProcNetUnix(): string {
  try {
    return readFileSync('/proc/net/unix', 'utf8');
  } catch {
    return '';
  }
}

/** What exists among `paths`: its kind and its real path (links resolved). */
export function describePaths(paths: readonly string[]): Map<string, PathInfo> {
  const found = new Map<string, PathInfo>();
  for (const path of paths) {
    if (!isAbsolute(path)) continue;
    try {
      const realPath = realpathSync.native(path); // one syscall; the JS walk lstat()s every component (34 ms for 20 plans at start)
      const stat = lstatSync(realPath);
      const kind: PathKind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : stat.isSocket() ? 'socket' : 'other';
      found.set(path, { kind, real: realPath });
    } catch {
      // absent (or unreadable for us, which is as good as absent for a bind)
    }
  }
  return found;
}

// What a path was, remembered for a moment. Only a health row's plan (a server not started yet) uses it:
// twenty servers at start look at the same system, home and cache paths, and each look is two syscalls
// on the start's critical path. A spawn always looks afresh (it makes folders just before binding them).
const REMEMBERED_MS = 2_000;
const remembered = new Map<string, { at: number; info: PathInfo | null }>();

/** describePaths, answering from what was seen in the last two seconds. */
export function describePathsRemembered(paths: readonly string[], now: number = Date.now()): Map<string, PathInfo> {
  const found = new Map<string, PathInfo>();
  const unseen = paths.filter((path) => {
    const seen = remembered.get(path);
    if (!seen || now - seen.at > REMEMBERED_MS) return true;
    if (seen.info) found.set(path, seen.info);
    return false;
  });
  const fresh = describePaths(unseen);
  if (remembered.size > 10_000) remembered.clear(); // bounded: paths come from config, not from clients
  for (const path of unseen) {
    const info = fresh.get(path) ?? null;
    remembered.set(path, { at: now, info });
    if (info) found.set(path, info);
  }
  return found;
}
