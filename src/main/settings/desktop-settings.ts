// settings.json in Gatehouse's config folder (contract §4.4): the operator's choices for the desktop app and
// the gateway's port — start at login, native notifications, the loopback port. Read leniently: a broken
// file or field never stops the app; it falls back to the default for that field and says which field of
// which file to fix. Written atomically (0600), keeping every key it does not own.
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { gatehouseDirs } from '../common/dirs';
import { readFileSync } from 'node:fs';

export interface DesktopSettings {
  /** The gateway's loopback port; null: the default (3344). */
  port: number | null;
  /** Register the app to start, hidden in the tray, when the operator logs in. */
  startAtLogin: boolean;
  /** Native notifications for a crash loop, a missing credential and a finished provisioning. */
  notifications: boolean;
}

export const DEFAULT_SETTINGS: DesktopSettings = { port: null, startAtLogin: false, notifications: true };

export type SettingsProblemCode = 'SETTINGS_UNREADABLE' | 'SETTINGS_INVALID_JSON' | 'SETTINGS_INVALID_FIELD';

/** A problem with the file, as a value: which file and field, and what to do about it. */
export interface SettingsProblem {
  code: SettingsProblemCode;
  path: string;
  field: string | null;
  message: string;
  next_step: string;
}

export interface SettingsRead {
  settings: DesktopSettings;
  problems: SettingsProblem[];
}

export function settingsFilePath(env: NodeJS.ProcessEnv = process.env, home?: string): string {
  return join(gatehouseDirs(env, home).config, 'settings.json');
}

type FieldCheck = (value: unknown) => string | null;

const isPort: FieldCheck = (value) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65535 ? null : 'must be a whole number from 1 to 65535');
const isBoolean: FieldCheck = (value) => (typeof value === 'boolean' ? null : 'must be true or false');

const FIELDS: { [K in keyof DesktopSettings]: FieldCheck } = {
  port: (value) => (value === null ? null : isPort(value)),
  startAtLogin: isBoolean,
  notifications: isBoolean,
};

function problem(code: SettingsProblemCode, path: string, field: string | null, message: string, next_step: string): SettingsProblem {
  return { code, path, field, message, next_step };
}

function readObject(path: string): { object: Record<string, unknown>; problems: SettingsProblem[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { object: {}, problems: [] };
    return { object: {}, problems: [problem('SETTINGS_UNREADABLE', path, null, `${path} cannot be read (${code ?? 'error'}); the defaults apply`, `check that this user may read ${path}`)] };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return { object: parsed as Record<string, unknown>, problems: [] };
  } catch {
    // reported below, as for a JSON value that is not an object
  }
  return { object: {}, problems: [problem('SETTINGS_INVALID_JSON', path, null, `${path} is not a JSON object; the defaults apply`, `fix the file or delete it (the app writes a new one when a setting changes)`)] };
}

export function readDesktopSettings(path: string): SettingsRead {
  const { object, problems } = readObject(path);
  const settings: DesktopSettings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(FIELDS) as (keyof DesktopSettings)[]) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    const wrong = FIELDS[key](value);
    if (wrong) {
      problems.push(problem('SETTINGS_INVALID_FIELD', path, key, `${path}: "${key}" ${wrong}, not ${JSON.stringify(value)}; the default (${JSON.stringify(DEFAULT_SETTINGS[key])}) applies`, `set "${key}" in ${path} to a valid value, or remove it`));
      continue;
    }
    Object.assign(settings, { [key]: value });
  }
  return { settings, problems };
}

/**
 * Writes the changed fields and keeps every other key as it is (keys of other tools or later versions). A
 * file that is not a JSON object is not overwritten: that would lose whatever the operator had there.
 */
export function updateDesktopSettings(path: string, patch: Partial<DesktopSettings>): SettingsRead {
  const { object, problems } = readObject(path);
  const blocking = problems.find((found) => found.code !== 'SETTINGS_INVALID_FIELD');
  if (blocking) throw new SettingsWriteRefused(blocking);
  for (const [key, value] of Object.entries(patch) as [keyof DesktopSettings, unknown][]) {
    const wrong = FIELDS[key](value);
    if (wrong) throw new SettingsWriteRefused(problem('SETTINGS_INVALID_FIELD', path, key, `"${key}" ${wrong}, not ${JSON.stringify(value)}`, `pass a valid "${key}"`));
    object[key] = value;
  }
  writeFileAtomic(path, `${JSON.stringify(object, null, 2)}\n`, 0o600);
  return readDesktopSettings(path);
}

export class SettingsWriteRefused extends Error {
  constructor(readonly problem: SettingsProblem) {
    super(`${problem.message}; nothing was written (${problem.next_step})`);
    this.name = 'SettingsWriteRefused';
  }
}
