// CLI inventory without spawning anything: each probe scans PATH for an executable file, the way `which`
// does, in parallel and bounded at 5 s (a hung network mount must not stall the answer). The result is
// cached on disk for 24 h; a stale cache answers at once and is refreshed in the background.
import { constants, readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { asRecord, readJson } from '../common/json-file';

export type Platform = 'mac' | 'wsl' | 'linux' | 'windows';

export const PROBE_TIMEOUT_MS = 5_000;
export const CLI_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface CliInventory {
  platform: Platform;
  probed_at: string;
  /** name → absolute path, or null when not found. */
  clis: Record<string, string | null>;
}

export function detectPlatform(platform: NodeJS.Platform = process.platform): Platform {
  if (platform === 'darwin') return 'mac';
  if (platform === 'win32') return 'windows';
  try {
    if (/microsoft/i.test(readFileSync('/proc/version', 'utf8'))) return 'wsl';
  } catch {
    // no /proc: not WSL
  }
  return 'linux';
}

export async function findOnPath(name: string, env: NodeJS.ProcessEnv, timeoutMs = PROBE_TIMEOUT_MS): Promise<string | null> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) return null; // a name with a slash would escape PATH
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  const search = (async () => {
    for (const dir of dirs) {
      for (const ext of exts) {
        const candidate = join(dir, name + ext);
        try {
          await access(candidate, constants.X_OK);
          return candidate;
        } catch {
          // not here
        }
      }
    }
    return null;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([search, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function probeClis(names: readonly string[], env: NodeJS.ProcessEnv): Promise<Record<string, string | null>> {
  const found = await Promise.all(names.map(async (name) => [name, await findOnPath(name, env)] as const));
  return Object.fromEntries(found);
}

function readCache(path: string): CliInventory | null {
  const raw = readJson(path);
  const clis = asRecord(raw.clis);
  if (typeof raw.probed_at !== 'string' || typeof raw.platform !== 'string') return null;
  return { platform: raw.platform as Platform, probed_at: raw.probed_at, clis: clis as Record<string, string | null> };
}

const refreshing = new Set<string>();

/** The inventory for these names: cached when fresh enough and complete, probed otherwise. */
export async function cliInventory(cachePath: string, names: readonly string[], env: NodeJS.ProcessEnv, now = Date.now()): Promise<CliInventory> {
  const cached = readCache(cachePath);
  const complete = cached && names.every((name) => name in cached.clis);
  const probe = async (): Promise<CliInventory> => {
    const inventory = { platform: detectPlatform(), probed_at: new Date(now).toISOString(), clis: await probeClis(names, env) };
    writeFileAtomic(cachePath, `${JSON.stringify(inventory, null, 2)}\n`);
    return inventory;
  };
  if (cached && complete) {
    const stale = now - Date.parse(cached.probed_at) > CLI_CACHE_TTL_MS;
    if (stale && !refreshing.has(cachePath)) {
      refreshing.add(cachePath);
      probe().catch(() => undefined).finally(() => refreshing.delete(cachePath));
    }
    return cached;
  }
  return probe();
}

export function availableNames(inventory: CliInventory): string[] {
  return Object.entries(inventory.clis).filter(([, path]) => path).map(([name]) => name).sort();
}
