// What every `gatehouse trust` subcommand works with: its streams, where trust.json lives, and which
// project the command is about. Kept apart from the subcommands so tests can run them in-process.
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readUserServers } from '../config/load';
import { findProjectRoot } from '../config/project-root';
import type { UserServers } from '../trust/project-files';
import { readJson } from '../common/json-file';
import { stateDir } from '../state/paths';
import { UsageError } from './args';

export interface TrustIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  homeDir: string;
}

export interface TrustContext {
  io: TrustIo;
  stateDir: string;
  trustFile: string;
  json: boolean;
  out(line: string): void;
  err(line: string): void;
}

export function makeContext(io: TrustIo, json = false): TrustContext {
  const dir = stateDir({ env: io.env, home: io.homeDir });
  return {
    io,
    stateDir: dir,
    trustFile: join(dir, 'trust.json'),
    json,
    out: (line) => io.stdout.write(`${line}\n`),
    err: (line) => io.stderr.write(`${line}\n`),
  };
}

/**
 * A trust.json that is not a JSON object counts as holding no approvals (failing closed), and the next
 * approval replaces it: say so rather than let every file look unapproved for no visible reason.
 */
export function warnIfUnreadable(ctx: TrustContext): void {
  readJson(ctx.trustFile, (problem) => ctx.err(`warning: ${problem.replace(/\s+/g, ' ')}; every file and package counts as unapproved, and the next approval rewrites it`));
}

export interface ProjectChoice {
  root: string | null;
  /** True when --project named it: then named files must be that project's, nothing is inferred. */
  explicit: boolean;
}

export function chooseProject(io: TrustIo, flag: string | undefined): ProjectChoice {
  if (flag === undefined) return { root: findProjectRoot(io.cwd, io.homeDir), explicit: false };
  const root = resolve(io.cwd, flag);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--project ${flag}: no such folder`);
  return { root, explicit: true };
}

/** Why there is no project, for "No project here: …" (status) and refusals (approve, revoke). */
export function noProjectReason(io: TrustIo): string {
  return `${io.cwd} is not inside a project (no .mcp.json, .git, package.json or pyproject.toml between it and your home folder); run this in the project or pass --project DIR`;
}

/** Quotes a path or argument for a command line the operator can paste into a shell. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The user's own servers (~/.mcp.json, ~/.claude/.mcp.json, --config or GATEHOUSE_CONFIG), so a review can
 * say when a project entry would replace one of them once approved.
 */
export function userServers(io: TrustIo, configFlag: string | undefined): UserServers {
  const configPath = configFlag !== undefined ? resolve(io.cwd, configFlag) : (io.env.GATEHOUSE_CONFIG ?? io.env.PMCP_CONFIG ?? null);
  return readUserServers({ homeDir: io.homeDir, configPath });
}
