// Small JSON state files: read leniently (a missing or broken file is an empty one, reported), written
// atomically with 0600 because they may name credentials and packages the operator approved.
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';

export function readJson(path: string, log?: (line: string) => void): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    log?.(`${path}: not a JSON object; treated as empty (fix or delete the file)`);
  } catch (error) {
    log?.(`${path}: invalid JSON (${error instanceof Error ? error.message : String(error)}); treated as empty`);
  }
  return {};
}

/** Rewrites one top-level key and keeps the keys this module does not own. */
export function updateJson(path: string, key: string, value: unknown, log?: (line: string) => void): void {
  const current = readJson(path, log);
  current[key] = value;
  writeFileAtomic(path, `${JSON.stringify(current, null, 2)}\n`);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
