// The bubblewrap argv for one server, composed from its profile and the host's facts by one pure
// function, so every mount can be shown (health, `status --server`, the panel) and tested as data.
//
// Order is the design: bubblewrap applies the mounts in argv order, and a later mount covers whatever an
// earlier one showed beneath it.
//   1. the system read-only (`/`), a fresh /dev and /proc (of the server's own PID namespace);
//   2. private, empty folders over /tmp, /var/tmp, the homes and the XDG base folders;
//   3. hidden: Gatehouse's own folders, the per-user runtime folder (session bus, keyring socket), the
//      system bus, mounted drives, container-engine sockets, the session bus socket wherever it is;
//   4. what the server needs read-only or as granted: its toolchain, runtime root, project, working
//      folder, the paths its argv names, the entry's grants — shallow before deep, so a deeper grant wins;
//   5. hidden again: every secret that step 4 brought back into view and no grant names itself;
//   6. read-write last: the runner's caches, the server's own data folder, grants inside secrets, Docker,
//      and (network "loopback") the bridge folder read-only.
import { basename, dirname } from 'node:path';
import { bridgeOptions, type BridgeLayout } from './bridge';
import { DOCKER_RUNTIME_SOCKETS, DOCKER_SOCKETS, HIDDEN_SYSTEM_DIRS, HOME_ROOTS, HOME_SECRETS, PRIVATE_SYSTEM_DIRS, SERVICE_SOCKETS, XDG_DATA_SECRETS } from './layout';
import type { ConfinementProfile } from './profile';
import type { MountAccess, MountKind, MountView } from './view';

export type PathKind = 'dir' | 'file' | 'socket' | 'other';
export interface PathInfo {
  kind: PathKind;
  /** The path with every link resolved: mounts are made there. */
  real: string;
}

/** Where things are on this host, as the gateway's environment and the server's entry say (no disk reads). */
export interface HostLayout {
  /** The server's HOME: an empty private folder inside. */
  home: string;
  /** Other folders that are a home (the gateway's own, the config's): hidden like /home and /root. */
  homes: string[];
  /** XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME as the server inherits them. */
  xdgDirs: string[];
  /** XDG_DATA_HOME or ~/.local/share: where keyrings live. */
  dataHome: string;
  runtimeDir: string | null;
  /** Gatehouse's config, state and cache folders (instance.json, trust, secrets index, logs, other servers' data). */
  gatehouseDirs: string[];
  /** The session bus socket when its address is `unix:path=…`. */
  sessionBusPath: string | null;
  /** The server's PATH entries. */
  pathDirs: string[];
  /** The command as found on PATH (absolute), or null. */
  command: string | null;
  args: readonly string[];
  /** The server's own data folder (GATEHOUSE_DATA_DIR), read-write. */
  dataDir: string | null;
  /** The runner's caches (read-write). */
  caches: string[];
  /** Certificate files and folders the machine's trust settings name (SSL_CERT_FILE…), read-only. */
  trustPaths: string[];
  /** An interpreter the environment names for the runner (UV_PYTHON), shown read-only with its prefix. */
  interpreters: string[];
  /** Network "loopback": the bridge folder and the node that runs its forwarder (absent otherwise). */
  bridge?: BridgeLayout | null;
}

export interface BackendFeatures {
  /** bubblewrap may make a user namespace (an unprivileged one, or as root). */
  userNamespace: boolean;
  /** `--disable-userns` (bubblewrap 0.8+): the server cannot make user namespaces of its own. */
  disableUserns: boolean;
  /** A network namespace can be made (network "none"). */
  networkNamespace: boolean;
}

export interface ConfinementFacts {
  layout: HostLayout;
  /** What exists, by the path asked about (candidatePaths); a path not in the map does not exist. */
  paths: ReadonlyMap<string, PathInfo>;
  features: BackendFeatures;
}

export interface ComposedConfinement {
  /** bubblewrap's arguments, up to and including `--`; the command and its arguments follow. */
  argv: string[];
  mounts: MountView[];
  /** Where the server starts: its working folder when visible, else its (private) HOME. */
  chdir: string;
  /** Granted paths that do not exist on this host (nothing is mounted for them). */
  missingGrants: string[];
}

type Op = { how: 'bind' | 'tmpfs' | 'null' | 'dir'; path: string; access: MountAccess; kind: MountKind };

/** Every path the composer may ask about for this profile: what a host's facts must describe. */
export function candidatePaths(profile: ConfinementProfile, layout: HostLayout): string[] {
  const homes = [layout.home, ...layout.homes];
  const secrets = [...homes.flatMap((home) => HOME_SECRETS.map((s) => `${home}/${s}`)), ...XDG_DATA_SECRETS.map((s) => `${layout.dataHome}/${s}`)];
  return unique([
    ...PRIVATE_SYSTEM_DIRS, ...HOME_ROOTS, ...homes, ...layout.xdgDirs, ...HIDDEN_SYSTEM_DIRS, ...SERVICE_SOCKETS,
    ...(layout.runtimeDir ? [layout.runtimeDir, ...DOCKER_RUNTIME_SOCKETS.map((s) => `${layout.runtimeDir}/${s}`)] : []),
    ...layout.gatehouseDirs, ...(layout.sessionBusPath ? [layout.sessionBusPath] : []), ...secrets,
    ...toolchainDirs(layout), ...layout.trustPaths, ...(layout.command ? [layout.command] : []),
    ...argumentPaths(layout.args), ...(profile.runtimeRoot ? [profile.runtimeRoot] : []),
    ...(profile.project.path ? [profile.project.path] : []), profile.workdir.path,
    ...profile.grants.map((g) => g.path), ...layout.caches, ...(layout.dataDir ? [layout.dataDir] : []),
    ...(layout.bridge ? [layout.bridge.dir] : []),
  ]);
}

export function confinementArgv(profile: ConfinementProfile, facts: ConfinementFacts): ComposedConfinement {
  const { layout } = facts;
  const bridge = profile.network === 'loopback' ? (layout.bridge ?? null) : null;
  const mounts = new Mounts(facts.paths);
  // 2. private
  for (const dir of [...PRIVATE_SYSTEM_DIRS]) mounts.private(dir, 'temp');
  for (const dir of unique([...HOME_ROOTS, ...layout.homes, layout.home])) mounts.private(dir, 'home');
  for (const dir of layout.xdgDirs) mounts.private(dir, 'home');
  mounts.ensureDir(layout.home);
  // 3. hidden
  const secrets = secretPaths(layout);
  for (const dir of [...HIDDEN_SYSTEM_DIRS, ...(layout.runtimeDir ? [layout.runtimeDir] : [])]) mounts.hide(dir, 'host');
  for (const dir of layout.gatehouseDirs) mounts.hide(dir, 'gatehouse');
  for (const path of secrets) mounts.hide(path, secretKind(path, layout));
  // A project outside the homes is in the system view: `none` hides it (never a top-level folder).
  if (profile.project.access === 'none' && profile.project.path && profile.project.path.split('/').length > 2) mounts.hide(profile.project.path, 'project');
  // 4. needed and granted, shallow before deep
  const grantedSecrets = profile.grants.filter((g) => secrets.some((s) => within(g.path, s)));
  const binds: { path: string; access: 'ro' | 'rw'; kind: MountKind }[] = [
    ...toolchainDirs(layout).map((path) => ({ path, access: 'ro' as const, kind: 'toolchain' as const })),
    ...(profile.runtimeRoot ? [{ path: profile.runtimeRoot, access: 'ro' as const, kind: 'runtime' as const }] : []),
    ...(profile.project.path && profile.project.access !== 'none' ? [{ path: profile.project.path, access: profile.project.access, kind: 'project' as const }] : []),
    ...(profile.workdir.declared ? [{ path: profile.workdir.path, access: 'ro' as const, kind: 'workdir' as const }] : []),
    ...argumentPaths(layout.args).map((path) => ({ path, access: 'ro' as const, kind: 'argument' as const })),
    ...layout.trustPaths.map((path) => ({ path, access: 'ro' as const, kind: 'trust' as const })),
    ...profile.grants.filter((g) => !grantedSecrets.includes(g)).map((g) => ({ path: g.path, access: g.access, kind: 'grant' as const })),
  ];
  for (const bind of byDepth(binds, facts.paths)) mounts.bind(bind.path, bind.access, bind.kind);
  // 5. secrets a bind showed again
  for (const dir of layout.gatehouseDirs) mounts.hide(dir, 'gatehouse');
  // Only a grant of the secret itself spares it; one deeper inside is bound again below, after it.
  for (const path of secrets) if (!grantedSecrets.some((g) => g.path === path)) mounts.hide(path, secretKind(path, layout));
  // 6. read-write, and what was granted inside a secret
  const last: { path: string; access: 'ro' | 'rw'; kind: MountKind }[] = [
    ...layout.caches.map((path) => ({ path, access: 'rw' as const, kind: 'cache' as const })),
    ...(layout.dataDir ? [{ path: layout.dataDir, access: 'rw' as const, kind: 'data' as const }] : []),
    ...grantedSecrets.map((g) => ({ path: g.path, access: g.access, kind: 'grant' as const })),
    ...(profile.docker ? dockerSockets(layout).map((path) => ({ path, access: 'rw' as const, kind: 'docker' as const })) : []),
    // Read-only: the server connects to its sockets (a socket needs no write access to the mount) but
    // cannot replace them or the forwarder.
    ...(bridge ? [{ path: bridge.dir, access: 'ro' as const, kind: 'bridge' as const }] : []),
  ];
  for (const bind of byDepth(last, facts.paths)) mounts.bind(bind.path, bind.access, bind.kind);

  const chdir = mounts.exists(real(facts.paths, profile.workdir.path)) ? real(facts.paths, profile.workdir.path) : layout.home;
  const argv = [
    ...(facts.features.userNamespace ? ['--unshare-user', ...(facts.features.disableUserns ? ['--disable-userns'] : [])] : []),
    '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try',
    // "none" and "loopback" alike: a network namespace of its own (loopback bridges only the named ports in).
    ...(profile.network !== 'full' ? ['--unshare-net'] : []),
    ...(bridge ? bridgeOptions(bridge) : []),
    // Gatehouse already starts the child in a session of its own (no terminal to inject into), and its
    // process group is how a stop reaches the whole tree: so no --new-session.
    '--die-with-parent', '--cap-drop', 'ALL', '--unsetenv', 'DBUS_SESSION_BUS_ADDRESS',
    ...mounts.argv(), '--chdir', chdir, '--',
  ];
  const missingGrants = profile.grants.map((g) => g.path).filter((path) => !facts.paths.has(path));
  return { argv, mounts: mounts.views(), chdir, missingGrants };
}

/** The secrets to keep hidden, wherever they are: the session bus, engine sockets, keyrings, credentials. */
function secretPaths(layout: HostLayout): string[] {
  const homes = unique([layout.home, ...layout.homes]);
  return unique([
    ...(layout.sessionBusPath ? [layout.sessionBusPath] : []),
    ...SERVICE_SOCKETS,
    ...(layout.runtimeDir ? [layout.runtimeDir] : []),
    '/run/user', '/run/dbus',
    ...XDG_DATA_SECRETS.map((s) => `${layout.dataHome}/${s}`),
    ...homes.flatMap((home) => HOME_SECRETS.map((s) => `${home}/${s}`)),
  ]);
}

function secretKind(path: string, layout: HostLayout): MountKind {
  return path === layout.sessionBusPath || SERVICE_SOCKETS.includes(path) || path.startsWith('/run/') || path === layout.runtimeDir ? 'host' : 'secret';
}

/**
 * Toolchains under a hidden folder (nvm, pyenv, volta, asdf, ~/.cargo, ~/.local/bin): each PATH entry
 * read-only, and for a `bin` or `shims` folder its prefix too (an nvm `npx` is a link into ../lib; a
 * pyenv shim runs ../libexec/pyenv), except where the prefix is a home or `~/.local` itself.
 */
export function toolchainDirs(layout: HostLayout): string[] {
  const homes = unique([layout.home, ...layout.homes]);
  const broad = new Set([...homes, ...homes.map((h) => `${h}/.local`), '/', '/usr', '/home']);
  const prefix = (dir: string) => (/^(bin|sbin|shims)$/.test(basename(dir)) && !broad.has(dirname(dir)) ? dirname(dir) : dir);
  const interpreters = [...layout.interpreters, ...(layout.bridge ? [layout.bridge.node] : [])];
  const dirs = [...layout.pathDirs, ...(layout.command ? [dirname(layout.command)] : []), ...interpreters.map((file) => dirname(file))].map(prefix);
  return unique(dirs);
}

/** Absolute paths an argv names (`/x`, `--flag=/x`): a script, a database, a folder to serve. */
export function argumentPaths(args: readonly string[]): string[] {
  return unique(args.map((arg) => (arg.startsWith('/') ? arg : /^--?[\w.-]+=\//.test(arg) ? arg.slice(arg.indexOf('=') + 1) : null)).filter((p): p is string => p !== null && p !== '/'));
}

function dockerSockets(layout: HostLayout): string[] {
  return [...DOCKER_SOCKETS, ...(layout.runtimeDir ? DOCKER_RUNTIME_SOCKETS.map((s) => `${layout.runtimeDir}/${s}`) : [])];
}

class Mounts {
  private readonly ops: Op[] = [{ how: 'bind', path: '/', access: 'ro', kind: 'system' }];

  constructor(private readonly paths: ReadonlyMap<string, PathInfo>) {}

  /** An empty folder of the server's own over an existing folder. */
  private(path: string, kind: MountKind): void {
    const info = this.paths.get(path);
    if (info?.kind === 'dir' && this.shows(info.real)) this.push({ how: 'tmpfs', path: info.real, access: 'private', kind });
  }

  /** Makes sure `path` exists as a folder (the server's HOME, where the host has none to cover). */
  ensureDir(path: string): void {
    const info = this.paths.get(path);
    const target = info?.real ?? path;
    if (this.exists(target)) return;
    const parent = this.cover(target);
    // Only inside a private folder can an absent folder be made; a read-only parent would refuse it.
    if (parent && parent.how === 'tmpfs') this.push({ how: 'dir', path: target, access: 'private', kind: 'home' });
  }

  /** Hides what is still visible: a folder under an empty one, a file or socket under /dev/null. */
  hide(path: string, kind: MountKind): void {
    const info = this.paths.get(path);
    if (!info || !this.shows(info.real)) return;
    this.push({ how: info.kind === 'dir' ? 'tmpfs' : 'null', path: info.real, access: 'hidden', kind });
  }

  /**
   * Shows the host's `path` (read-only, or read-write). A toolchain the system view already shows
   * read-only is skipped (/usr/bin…); everything else is bound and listed, so the view names it.
   */
  bind(path: string, access: 'ro' | 'rw', kind: MountKind): void {
    const info = this.paths.get(path);
    if (!info) return;
    if (kind === 'toolchain' && this.shows(info.real) && this.cover(info.real)?.access === 'ro') return;
    // Several names for one path (trust variables naming the same bundle, a link to it): mounted once.
    const cover = this.cover(info.real);
    if (cover?.how === 'bind' && cover.path === info.real && cover.access === access) return;
    this.push({ how: 'bind', path: info.real, access, kind });
  }

  /** Whether the host's content at `path` is what the server sees there. */
  shows(path: string): boolean {
    return this.cover(path)?.how === 'bind';
  }

  /** Whether `path` exists inside at all (shown from the host, or the root of a private folder). */
  exists(path: string): boolean {
    const cover = this.cover(path);
    if (!cover) return false;
    return cover.how === 'bind' || ((cover.how === 'tmpfs' || cover.how === 'dir') && cover.path === path && cover.access === 'private');
  }

  views(): MountView[] {
    return this.ops.map(({ path, access, kind }) => ({ path, access, kind }));
  }

  argv(): string[] {
    const out: string[] = [];
    for (const op of this.ops) {
      if (op.kind === 'system') out.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
      else if (op.how === 'tmpfs') out.push('--tmpfs', op.path);
      else if (op.how === 'dir') out.push('--dir', op.path);
      else if (op.how === 'null') out.push('--ro-bind', '/dev/null', op.path);
      else out.push(op.access === 'rw' ? '--bind' : '--ro-bind', op.path, op.path);
    }
    return out;
  }

  /** The last mount at `path` or above it: the one whose content is seen there. */
  private cover(path: string): Op | null {
    for (let i = this.ops.length - 1; i >= 0; i--) {
      const op = this.ops[i] as Op;
      if (within(path, op.path)) return op;
    }
    return null;
  }

  private push(op: Op): void {
    this.ops.push(op);
  }
}

function real(paths: ReadonlyMap<string, PathInfo>, path: string): string {
  return paths.get(path)?.real ?? path;
}

/** Whether `path` is `parent` or inside it. */
export function within(path: string, parent: string): boolean {
  return parent === '/' || path === parent || path.startsWith(`${parent}/`);
}

/** Shallow before deep (by the real path), else in the order given. */
function byDepth<T extends { path: string }>(items: T[], paths: ReadonlyMap<string, PathInfo>): T[] {
  return items.map((item, index) => ({ item, index, depth: real(paths, item.path).split('/').length })).sort((a, b) => a.depth - b.depth || a.index - b.index).map((e) => e.item);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
