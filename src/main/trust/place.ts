// Where a trust-gated file sits in its project: `<root>/.mcp.json` or `<root>/.gatehouse/manifest.yaml`.
// An approval binds to the project (its root's real path) and to this place inside it, never to wherever
// a link would lead, so an approval of checkout A can never be borrowed by checkout B.
import { basename, dirname, join, resolve } from 'node:path';

export interface ProjectPlace {
  /** The project root as given (it may go through symlinked folders). */
  root: string;
  /** The file inside the root, with `/`: `.mcp.json` or `.gatehouse/manifest.yaml`. */
  relative: string;
}

export const MCP_CONFIG_FILE = '.mcp.json';
export const MANIFEST_FILE = '.gatehouse/manifest.yaml';

/** The project a path would be a trust-gated file of, judged by where it sits; null for any other path. */
export function projectPlace(path: string): ProjectPlace | null {
  const absolute = resolve(path);
  if (basename(absolute) === MCP_CONFIG_FILE) return { root: dirname(absolute), relative: MCP_CONFIG_FILE };
  if (basename(absolute) === 'manifest.yaml' && basename(dirname(absolute)) === '.gatehouse') {
    return { root: dirname(dirname(absolute)), relative: MANIFEST_FILE };
  }
  return null;
}

export function placePath(place: ProjectPlace): string {
  return join(place.root, ...place.relative.split('/'));
}
