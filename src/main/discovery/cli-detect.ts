// CLI inventory for sync_environment and request_capability: each curated CLI is looked up on PATH the way
// `which` does, and one that is there is run once with its manifest check_command (`git --version`) —
// argv only, no shell, the child's environment, a short timeout — so a broken or hanging install is not
// reported as usable. All probes run in parallel. The answer is kept for the rest of this run (one probe
// per gateway run, shared by concurrent callers) and written to cli-probe.json, which catalog_search's
// cli_hints read without ever probing.
import { execFile } from 'node:child_process';
import { constants, readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { buildChildEnv } from '../common/child-env';

export type Platform = 'mac' | 'wsl' | 'linux' | 'windows';

/** A PATH lookup gives up after this long (a hung network mount must not stall the answer). */
export const PROBE_TIMEOUT_MS = 5_000;
/** A found CLI's check command must answer within this long, or it counts as not usable. */
export const CHECK_TIMEOUT_MS = 3_000;

export interface CliInventory {
  platform: Platform;
  probed_at: string;
  /** name → absolute path, or null when not found or its check failed. */
  clis: Record<string, string | null>;
  /** name → the first line its check command printed (usually the version). */
  versions: Record<string, string>;
  /** name → why a CLI found on PATH is not counted (its check failed or hung). */
  failed: Record<string, string>;
}

export interface CliCheck {
  name: string;
  /** argv; the first element is replaced by the path found on PATH. */
  check_command: readonly string[];
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

type Probe = { path: string; version: string } | { path: null; failed: string | null };

/** Finds one CLI and runs its check command. */
export async function probeCli(cli: CliCheck, env: NodeJS.ProcessEnv, timeoutMs = CHECK_TIMEOUT_MS): Promise<Probe> {
  const path = await findOnPath(cli.name, env);
  if (!path) return { path: null, failed: null };
  const [, ...args] = cli.check_command;
  // The CLI sees the same allowlisted environment a server would (PATH, HOME, locale…), not the gateway's secrets.
  const childEnv = buildChildEnv(env, {}).env;
  return new Promise<Probe>((resolve) => {
    execFile(path, args, { env: childEnv, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024, shell: false, windowsHide: true }, (error, stdout, stderr) => {
      const first = `${stdout}\n${stderr}`.split(/\r?\n/).map((l) => l.trim()).find(Boolean) ?? '';
      if (!error) return resolve({ path, version: first.slice(0, 120) });
      const why = error.killed || (error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `no answer to ${cli.check_command.join(' ')} within ${timeoutMs / 1000} s` : `${cli.check_command.join(' ')} failed (${typeof error.code === 'number' ? `exit ${error.code}` : String(error.code ?? error.message)})`;
      resolve({ path: null, failed: why });
    });
  });
}

export async function probeClis(clis: readonly CliCheck[], env: NodeJS.ProcessEnv): Promise<Omit<CliInventory, 'platform' | 'probed_at'>> {
  const results = await Promise.all(clis.map(async (cli) => [cli.name, await probeCli(cli, env)] as const));
  const inventory = { clis: {} as Record<string, string | null>, versions: {} as Record<string, string>, failed: {} as Record<string, string> };
  for (const [name, probe] of results) {
    inventory.clis[name] = probe.path;
    if (probe.path !== null) inventory.versions[name] = probe.version;
    else if (probe.failed) inventory.failed[name] = probe.failed;
  }
  return inventory;
}

/** This run's inventories, by cache file and PATH: a run probes once; concurrent callers share the probe. */
const thisRun = new Map<string, Promise<CliInventory>>();

/**
 * The inventory for these CLIs: probed once per run (per PATH) and then kept, unless `refresh` asks for
 * a new probe. Every probe is written to `cachePath` for readers that must not probe.
 */
export function cliInventory(cachePath: string, clis: readonly CliCheck[], env: NodeJS.ProcessEnv, options: { refresh?: boolean; now?: () => number } = {}): Promise<CliInventory> {
  const key = `${cachePath}\u0000${env.PATH ?? ''}\u0000${clis.map((c) => c.name).join(',')}`;
  const known = thisRun.get(key);
  if (known && !options.refresh) return known;
  const now = options.now ?? Date.now;
  const probe = (async () => {
    const inventory: CliInventory = { platform: detectPlatform(), probed_at: new Date(now()).toISOString(), ...(await probeClis(clis, env)) };
    try {
      writeFileAtomic(cachePath, `${JSON.stringify(inventory, null, 2)}\n`);
    } catch {
      // a read-only cache folder costs the cli_hints, not the answer
    }
    return inventory;
  })();
  thisRun.set(key, probe);
  probe.catch(() => thisRun.delete(key));
  return probe;
}

export function availableNames(inventory: CliInventory): string[] {
  return Object.entries(inventory.clis).filter(([, path]) => path).map(([name]) => name).sort();
}
