// How a `.mcp.json` entry names a Python script server: a `gatehouse.python` object beside the usual
// fields (Gatehouse-only settings sit under "gatehouse", gateway contract §4.2). Other clients keep
// using the entry's own `command`/`args`; Gatehouse launches the script through `uv run --script`.
import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod';

export const PythonEntrySchema = z
  .object({
    /** The script, relative to `root`: plain components only (no `..`, no leading `/`). */
    script: z.string().min(1),
    /** The runtime root: relative to the config file's folder, or absolute. Default: that folder. */
    root: z.string().min(1).optional(),
    /** Arguments for the script, after `--script <abs script>`. */
    args: z.array(z.string()).default([]),
    /** Pass `--offline` to uv: start only from a prepared cache. */
    offline: z.boolean().default(false),
    /** Absolute uv cache folder (UV_CACHE_DIR); never created at launch. */
    cacheDir: z.string().min(1).optional(),
    /** Interpreter for `--python` (an absolute path or a version request). */
    python: z.string().min(1).optional(),
    /** For a script that serves streamable HTTP: where Gatehouse dials it (loopback only). */
    http: z.object({ host: z.string(), port: z.number().int().min(1).max(65535), path: z.string().default('/mcp') }).strict().optional(),
  })
  .strict();

export type PythonEntry = z.infer<typeof PythonEntrySchema>;

export interface PythonServerSpec {
  name: string;
  /** Absolute, not yet canonical (canonicalized and checked at launch). */
  root: string;
  script: string;
  args: string[];
  /** The entry's `env`, values still holding `${VAR}` references. */
  env: Record<string, string>;
  offline: boolean;
  cacheDir: string | null;
  python: string | null;
  http: { host: string; port: number; path: string } | null;
}

/** Turns a validated `gatehouse.python` object into a spec; relative roots resolve against the config file's folder. */
export function pythonServerSpec(name: string, entry: PythonEntry, env: Record<string, string>, configDir: string): PythonServerSpec {
  return {
    name,
    root: entry.root ? (isAbsolute(entry.root) ? entry.root : resolve(configDir, entry.root)) : configDir,
    script: entry.script,
    args: entry.args,
    env,
    offline: entry.offline,
    cacheDir: entry.cacheDir ?? null,
    python: entry.python ?? null,
    http: entry.http ?? null,
  };
}
