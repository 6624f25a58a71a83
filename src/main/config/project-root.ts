// Finds the project root the way clients do: the nearest ancestor of the working directory holding a
// project marker, never climbing past the home directory or the temp directory (a stray ~/.git must not
// turn every folder into one project).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const MARKERS = ['.mcp.json', '.git', 'package.json', 'pyproject.toml'];

export function findProjectRoot(cwd: string, homeDir: string): string | null {
  const stops = new Set([resolve(homeDir), resolve(tmpdir()), '/']);
  let dir = resolve(cwd);
  for (;;) {
    if (stops.has(dir)) return null;
    if (MARKERS.some((marker) => existsSync(join(dir, marker)))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
