// Which secrets a project entry would read (issue 11, item 6): every `${NAME}` / `${NAME:-default}` the
// entry holds, where it holds it, whether Gatehouse fills it in (env and header values only, contract
// §4.3) and under which keychain accounts it would be looked up. A review that listed only the env keys
// would show `LOG_LEVEL` for `"LOG_LEVEL": "${GITHUB_TOKEN}"` and hide the token it hands over.
import type { VariableReference } from '../../shared/trust';
import { isForbiddenName, NAME_PATTERN } from '../secrets/names';
import { referencedNames } from '../secrets/references';
import { accountFor, canonicalProjectRoot } from '../secrets/scopes';

/** Fields whose values Gatehouse interpolates; `${` anywhere else is passed on as written. */
const INTERPOLATED = new Set(['env', 'headers']);

interface Found {
  fields: string[];
  interpolated: boolean;
}

/** Every string in a parsed value with its field path: `env.LOG_LEVEL`, `args[1]`, `gatehouse.python.args[0]`. */
function strings(value: unknown, path: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) strings(item, `${path}[${index}]`, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) strings(item, path ? `${path}.${key}` : key, out);
  }
}

/**
 * The accounts resolution tries after the gateway's own environment (secrets/resolver.ts): the project
 * scope, then the user scope. A name that may never be stored (PATH, LD_PRELOAD, …) comes only from the
 * environment.
 */
export function keychainAccounts(name: string, projectRoot: string | null): string[] {
  if (!NAME_PATTERN.test(name) || isForbiddenName(name)) return [];
  const accounts = projectRoot ? [accountFor({ scope: 'project', projectRoot: canonicalProjectRoot(projectRoot) }, name)] : [];
  return [...accounts, accountFor({ scope: 'user' }, name)];
}

function collect(found: Map<string, Found>, name: string, field: string, interpolated: boolean): void {
  const entry = found.get(name) ?? { fields: [], interpolated: false };
  if (!entry.fields.includes(field)) entry.fields.push(field);
  entry.interpolated ||= interpolated;
  found.set(name, entry);
}

function toReferences(found: Map<string, Found>, projectRoot: string | null): VariableReference[] {
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, { fields, interpolated }]) => ({ name, fields, interpolated, keychain: interpolated ? keychainAccounts(name, projectRoot) : [] }));
}

/** The references of one raw `.mcp.json` entry (as parsed, before any schema dropped a field). */
export function entryReferences(raw: unknown, projectRoot: string | null): VariableReference[] {
  const found = new Map<string, Found>();
  const all: [string, string][] = [];
  strings(raw, '', all);
  for (const [field, value] of all) {
    const interpolated = INTERPOLATED.has(field.split(/[.[]/)[0] ?? '');
    for (const name of referencedNames({ value })) collect(found, name, field, interpolated);
  }
  return toReferences(found, projectRoot);
}

/**
 * The references of one manifest entry: its `env_vars` become `${NAME}` env values once provisioned
 * (looked up like any other), and a `${` in its args or url is passed on as written.
 */
export function manifestReferences(entry: { env_vars: string[]; args: string[]; url?: string }, projectRoot: string | null): VariableReference[] {
  const found = new Map<string, Found>();
  for (const name of entry.env_vars) collect(found, name, 'env_vars', true);
  const literal: [string, string][] = [];
  strings({ args: entry.args, ...(entry.url ? { url: entry.url } : {}) }, '', literal);
  for (const [field, value] of literal) for (const name of referencedNames({ value })) collect(found, name, field, false);
  return toReferences(found, projectRoot);
}
