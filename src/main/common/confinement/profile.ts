// What a stdio server may touch: the settings its entry states (`"gatehouse": {"confinement": {...}}`,
// parsed in config/confinement-entry.ts) and the profile they resolve to once the defaults for its
// source and runner are filled in. Plain data: nothing here reads the disk.
import { dirname } from 'node:path';

/** How far the server reaches the network: `none` gives it a network namespace of its own (its own
 *  loopback only), `loopback` the same plus the host's loopback ports its entry names (each bridged in
 *  through a Unix socket: supervisor/confinement/loopback-bridge.ts), `full` shares the host's. */
export type NetworkMode = 'none' | 'loopback' | 'full';
export type ProjectAccess = 'none' | 'ro' | 'rw';
export type Access = 'ro' | 'rw';

export interface Grant {
  /** Absolute (the entry's `~/` and relative paths are resolved when the file is read). */
  path: string;
  access: Access;
}

/** What an entry states; every field optional (the defaults fill the rest). */
export interface ConfinementSettings {
  /** false: run unconfined on purpose (the user's own files only; a project file cannot say it). */
  enabled?: boolean;
  /** Run unconfined (or with a listed gap) when this host cannot confine, instead of refusing to start. */
  allowUnconfined?: boolean;
  network?: NetworkMode;
  /** With network `loopback`: the host's 127.0.0.1 ports it may reach (none: its own loopback only). */
  loopbackPorts?: number[];
  project?: ProjectAccess;
  grants?: Grant[];
  /** Grant the Docker engine's socket (root on this host, in effect): off unless stated. */
  docker?: boolean;
}

/** The package runner a command is, for the caches it needs read-write. */
export type Runner = 'npm' | 'pnpm' | 'yarn' | 'bun' | 'uv';

export interface ConfinementProfile {
  network: NetworkMode;
  /** The host loopback ports bridged in (network `loopback` only; empty otherwise). */
  loopbackPorts: number[];
  /** The project folder and how the server sees it (null path: the server has no project). */
  project: { path: string | null; access: ProjectAccess };
  /** Where the server runs; `declared` when its entry named a cwd (then it stays visible, read-only at least). */
  workdir: { path: string; declared: boolean };
  /** A Python server's runtime root (its script, policy and lock), read-only. */
  runtimeRoot: string | null;
  grants: Grant[];
  docker: boolean;
  runner: Runner | null;
}

/** What the profile is resolved from: the definition's facts that matter here. */
export interface ProfileInput {
  settings: ConfinementSettings | undefined;
  source: 'project' | 'user' | 'custom' | 'default';
  /** The file that defined the server; a project's folder is the folder of its `.mcp.json`. */
  sourcePath: string | null;
  cwd: string;
  cwdDeclared: boolean;
  /** The argv as configured (before any wrapping). */
  argv: readonly string[];
  runtimeRoot: string | null;
}

/** The package runner behind an argv: `npx`, `uvx`, `uv run`, `pnpm dlx`… (by the command's base name). */
export function runnerOf(argv: readonly string[]): Runner | null {
  const [command, sub] = argv;
  if (!command) return null;
  const name = (command.split(/[\\/]/).pop() ?? '').replace(/\.(cmd|exe)$/i, '').toLowerCase();
  if (name === 'npx' || name === 'npm') return 'npm';
  if (name === 'pnpx' || name === 'pnpm') return 'pnpm';
  if (name === 'yarn') return 'yarn';
  if (name === 'bunx' || name === 'bun') return 'bun';
  if (name === 'uvx' || name === 'uv') return 'uv';
  // `node …/npx-cli.js` is what an npx shim runs: the same cache.
  if (name === 'node' && sub && /[\\/]npx-cli\.js$/.test(sub)) return 'npm';
  return null;
}

/**
 * Defaults: network `full` (most servers fetch something), the project read-only for a project's own
 * servers and invisible to the others unless their entry says so, no grants, no Docker socket.
 */
export function resolveProfile(input: ProfileInput): ConfinementProfile {
  const settings = input.settings ?? {};
  const projectPath = input.source === 'project' && input.sourcePath ? dirname(input.sourcePath) : null;
  const projectAccess = settings.project ?? (input.source === 'project' ? 'ro' : 'none');
  const network = settings.network ?? 'full';
  return {
    network,
    loopbackPorts: network === 'loopback' ? [...(settings.loopbackPorts ?? [])] : [],
    // A user server's "project" is the folder it runs in (the gateway's project, by default).
    project: { path: projectPath ?? input.cwd, access: projectAccess },
    workdir: { path: input.cwd, declared: input.cwdDeclared },
    runtimeRoot: input.runtimeRoot,
    grants: settings.grants ?? [],
    docker: settings.docker ?? false,
    runner: runnerOf(input.argv),
  };
}

