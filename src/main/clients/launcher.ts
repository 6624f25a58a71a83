// The command a client runs to start Gatehouse: this very node binary plus the package's own
// bin/gatehouse.mjs (absolute paths, so a GUI client with a thin PATH still finds both), or a launcher
// the operator names with --command (typically "gatehouse" from a global install).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Launcher } from './entry';

/** bin/gatehouse.mjs of the package this code belongs to, found through its package.json (source or bundle). */
export function packageBin(from = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; bin?: unknown };
        const bin = pkg.bin && typeof pkg.bin === 'object' ? (pkg.bin as Record<string, unknown>).gatehouse : undefined;
        if (pkg.name === 'gatehouse' && typeof bin === 'string') {
          const path = resolve(dir, bin);
          return existsSync(path) ? path : null;
        }
      } catch {
        // Not our manifest (or unreadable): keep looking further up.
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

export function defaultLauncher(): Launcher | null {
  const bin = packageBin();
  return bin ? { command: process.execPath, args: [bin] } : null;
}

/** `--command X`: X is run as is, with the subcommand's own arguments. */
export function namedLauncher(command: string): Launcher {
  return { command, args: [] };
}
