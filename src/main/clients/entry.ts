// Turns a client's templates into the gatehouse entry it needs, and reads an existing entry back into
// "what does it launch or connect to" for `setup --list`. Pure: no files, no process state.
import type { ClientSpec, Template, TemplateValue } from './table';

export type SetupMode = 'stdio' | 'http';

/** How a client starts Gatehouse: the node binary plus bin/gatehouse.mjs, or a `gatehouse` on PATH. */
export interface Launcher {
  command: string;
  args: string[];
}

export interface EntryRequest {
  mode: SetupMode;
  launcher: Launcher;
  url: string;
  /** The NAME of the variable holding the gateway token (never its value). */
  tokenEnv?: string;
}

export type EntryResult = { ok: true; entry: Record<string, unknown> } | { ok: false; reason: string };

const STDIO_ARGS = ['serve', '--transport', 'stdio'];
const proxyArgs = (url: string) => ['proxy', '--url', url];

interface Slots {
  command: string;
  args: string[];
  url: string;
  tokenEnv: string;
}

function fill(value: TemplateValue, slots: Slots): unknown {
  if (typeof value === 'string') {
    if (value === '<args>') return [...slots.args];
    if (value === '<argv>') return [slots.command, ...slots.args];
    return value.replaceAll('<command>', slots.command).replaceAll('<url>', slots.url).replaceAll('<token-env>', slots.tokenEnv);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, slots));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, slots)]));
}

function render(template: Template, slots: Slots): Record<string, unknown> {
  return fill(template, slots) as Record<string, unknown>;
}

export function buildEntry(client: ClientSpec, request: EntryRequest): EntryResult {
  const { launcher, url } = request;
  const base = { command: launcher.command, url, tokenEnv: request.tokenEnv ?? '' };
  if (request.mode === 'stdio') return { ok: true, entry: render(client.stdio, { ...base, args: [...launcher.args, ...STDIO_ARGS] }) };
  const { auth } = client;
  if (request.tokenEnv && 'refuse' in auth) return { ok: false, reason: auth.refuse };
  if (client.http === 'stdio-proxy') return { ok: true, entry: render(client.stdio, { ...base, args: [...launcher.args, ...proxyArgs(url)] }) };
  const header = request.tokenEnv && 'template' in auth ? render(auth.template, { ...base, args: [] }) : {};
  return { ok: true, entry: { ...render(client.http, { ...base, args: [] }), ...header } };
}

/**
 * The keys of an entry that Gatehouse writes for this client (in any mode). Setting an entry replaces
 * these and keeps the rest, so a client's own knobs (timeouts, enabled, env, trust) survive a re-run.
 */
export function ownedKeys(client: ClientSpec): string[] {
  const templates = [client.stdio, client.http === 'stdio-proxy' ? {} : client.http, 'template' in client.auth ? client.auth.template : {}];
  return [...new Set(templates.flatMap((template) => Object.keys(template)))];
}

/** The entry after a set: owned keys as wanted (absent when not wanted), every other key as it was, in place. */
export function mergeEntry(existing: Record<string, unknown> | undefined, wanted: Record<string, unknown>, owned: readonly string[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(existing ?? {})) {
    if (!owned.includes(key)) merged[key] = value;
    else if (key in wanted) merged[key] = wanted[key];
  }
  for (const [key, value] of Object.entries(wanted)) if (!(key in merged)) merged[key] = value;
  return merged;
}

/** Whether the entry already has exactly the wanted owned keys (and no other owned key). */
export function entryMatches(existing: Record<string, unknown> | undefined, wanted: Record<string, unknown>, owned: readonly string[]): boolean {
  if (!existing) return false;
  return owned.every((key) => sameData(existing[key], wanted[key]));
}

/** Structural equality of parsed config data, blind to key order and prototypes (TOML tables have none). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = Object.keys(a).sort();
  const right = Object.keys(b).sort();
  if (left.length !== right.length || left.some((key, i) => key !== right[i])) return false;
  return left.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export interface EntrySummary {
  kind: 'stdio' | 'http' | 'unknown';
  /** What it points at: the command line, or the URL. */
  target: string;
}

/** Reads an entry with the client's own templates: the key holding "<url>" is a URL, the rest a command. */
export function describeEntry(client: ClientSpec, entry: Record<string, unknown>): EntrySummary {
  const { http } = client;
  const urlKey = http === 'stdio-proxy' ? undefined : Object.keys(http).find((key) => http[key] === '<url>');
  const url = urlKey ? entry[urlKey] : undefined;
  if (typeof url === 'string') return { kind: 'http', target: url };
  const words: unknown[] = [];
  for (const [key, slot] of Object.entries(client.stdio)) {
    const value = entry[key];
    if (slot === '<command>' || slot === '<args>' || slot === '<argv>') words.push(...(Array.isArray(value) ? value : [value]));
  }
  const line = words.filter((word): word is string => typeof word === 'string');
  if (!line.length) return { kind: 'unknown', target: '(neither a command nor a URL Gatehouse recognises)' };
  return { kind: 'stdio', target: line.map(quoteWord).join(' ') };
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./\\-]+$/.test(word) ? word : `"${word.replaceAll('"', '\\"')}"`;
}
