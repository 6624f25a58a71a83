// Whether an MCP client is installed, judged by the client's own traces — its app or config folder
// holding files it wrote, a command it put on PATH, or settings of its own in its config file — never
// by what Gatehouse itself wrote: `setup --write` creates the config file, its folder, a lock and temp
// files beside it, and a file holding only the gatehouse entry says nothing about the client.
import { lstatSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { findExecutable } from '../common/find-executable';
import { clientFolders, type PathContext } from './paths';
import type { ClientSpec } from './table';
import { LOCK_SUFFIX } from './target-lock';

/**
 * What Gatehouse may have put in a client's folder: the config file with its lock and atomic-write temp
 * files (in the file's own folder), and its own user config, `.mcp.json` (~/.claude/.mcp.json).
 */
function writtenByGatehouse(entry: string, folder: string, configFile: string): boolean {
  if (entry === '.mcp.json') return true;
  if (dirname(configFile) !== folder) return false;
  const file = basename(configFile);
  return entry === file || entry === `${file}${LOCK_SUFFIX}` || /^\..+\.\d+\.[0-9a-f]{8}\.tmp$/.test(entry);
}

/** A folder that exists and holds something Gatehouse did not write (an unreadable one counts: not ours). */
function holdsClientFiles(folder: string, configFile: string): boolean {
  try {
    if (!lstatSync(folder).isDirectory()) return false;
  } catch {
    return false;
  }
  try {
    return readdirSync(folder).some((entry) => !writtenByGatehouse(entry, folder, configFile));
  } catch {
    return true;
  }
}

/** Whether parsed config data holds anything besides the entry at `[...servers, name]` (and the empty maps on its way). */
export function hasOwnSettings(data: unknown, path: readonly string[]): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data !== undefined && data !== null;
  const [head, ...rest] = path;
  return Object.entries(data).some(([key, value]) => key !== head || (rest.length > 0 && hasOwnSettings(value, rest)));
}

export interface Detection {
  detected: boolean;
  /** The trace found first: `folder …`, `command …` or `settings in …`; null when none. */
  by: string | null;
}

/**
 * `ownSettings`: whether the config file holds settings besides the gatehouse entry (true for a file
 * Gatehouse cannot read or parse: Gatehouse never writes one like that).
 */
export function detectClient(client: ClientSpec, ctx: PathContext, configFile: string, ownSettings: boolean): Detection {
  const folder = clientFolders(client, ctx).find((dir) => holdsClientFiles(dir, configFile));
  if (folder) return { detected: true, by: `folder ${folder}` };
  for (const name of client.binaries) {
    const found = findExecutable(name, ctx.env.PATH, ctx.platform) ?? (ctx.platform === 'win32' ? findExecutable(`${name}.cmd`, ctx.env.PATH, ctx.platform) : null);
    if (found) return { detected: true, by: `command ${found}` };
  }
  if (ownSettings) return { detected: true, by: `settings in ${configFile}` };
  return { detected: false, by: null };
}
